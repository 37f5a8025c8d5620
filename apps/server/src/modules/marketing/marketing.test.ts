import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ErrorCode,
  LANGUAGES,
  RESULT_SUCCESS,
  type TCheckoutAnswer,
  type TSubscriberPage,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config/config';
import { translate } from '../../platform/i18n/translate';
import { createOutboxMailer, createSmtpMailer } from '../../platform/mail/mailer';
import {
  readOutbox,
  startSmtpSink,
  waitFor,
  type ReadMail,
  type SmtpSink,
} from '../../platform/mail/mail-testing';
import { addProductOnSale } from '../../test/catalog-kit';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { orders } from '../orders/orders.table';
import { payments } from '../payments/payments.table';
import { shops } from '../shops/shops.table';
import { marketingConsents, marketingReminders } from './marketing.table';
import { REMINDERS_JOB } from './marketing.routes';
import {
  createMarketingService,
  readReminderDelay,
  REMINDER_DELAY_DEFAULT,
  REMINDER_WINDOW_MS,
} from './marketing.service';
import { createUnsubscribeTokens } from './unsubscribe-token';

let ctx: TestContext;
let sink: SmtpSink;
let product = 0;
const shop = { id: 0, slug: 'mk-shop', name: 'Mia’s Mugs' };
const other = { id: 0, slug: 'mk-other', name: 'Other Shop' };
const tokens = { owner: '', otherOwner: '' };
let address = 0;
let sequence = 0;
const MINUTE = 60_000;
const db = () => ctx.database.db;

/** Each request from its own client address, so the per-address limits stay out of the way. */
const nextIp = () => `10.35.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const email = (tag: string) => `mk-${tag}-${++sequence}@example.com`;

/** A buyer's checkout in `slug` through the public endpoint; `consent` ticks the box (or not). */
async function checkout(
  buyer: string,
  extra: { consent?: boolean; language?: string; slug?: string } = {},
): Promise<TCheckoutAnswer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/checkout',
    remoteAddress: nextIp(),
    payload: {
      shop: extra.slug ?? shop.slug,
      email: buyer,
      address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
      items: [{ productId: String(product), quantity: 2 }],
      language: extra.language ?? 'en',
      ...(extra.consent === undefined ? {} : { marketingConsent: extra.consent }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TCheckoutAnswer }>().data;
}

const orderOf = async (orderNo: string) => {
  const [row] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
};
const consentOf = async (shopId: number, address: string) =>
  (
    await db().select().from(marketingConsents).where(eq(marketingConsents.email, address.toLowerCase()))
  ).find((row) => row.shopId === shopId);

/** Runs the reminder job as the scheduler does, at `at`, then sends what it queued. */
async function remind(at: Date): Promise<number> {
  const started = await ctx.app.jobs.runNow(REMINDERS_JOB, at);
  if (!started) throw new Error('the reminder job is running elsewhere');
  const result = await started.done;
  expect(result.error).toBeNull();
  await ctx.app.jobs.runDue();
  return result.value as number;
}
/** The moment an order placed now is due its reminder (the default delay, and a minute). */
const dueAt = () => new Date(Date.now() + (REMINDER_DELAY_DEFAULT + 1) * MINUTE);

/** Pays an order through the sandbox provider, as its buyer would. */
async function pay(answer: TCheckoutAnswer): Promise<void> {
  const token = new URL(answer.approveUrl, 'http://x').searchParams.get('token') ?? '';
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });
  expect((await post(`/sandbox/orders/${token}/approve`, {})).statusCode).toBe(200);
  const captured = await post('/checkout/capture', { orderNo: answer.orderNo, token });
  expect(captured.statusCode, captured.body).toBe(200);
  expect((await orderOf(answer.orderNo)).status).toBe(1);
}

const mailsTo = (to: string) => sink.messages.filter((m) => m.to.includes(to.toLowerCase()));
/** Every mail to `to` once the queue is empty (the sink has what was sent). */
async function settledMailsTo(to: string): Promise<ReadMail[]> {
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.idle();
  return mailsTo(to);
}
const reminderOf = (to: string) => mailsTo(to).filter((m) => m.headers['list-unsubscribe'] !== undefined);
const unsubscribeUrlIn = (mail: ReadMail) =>
  /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', SMTP_URL: sink.url } });
  const ownerId = await createUser(db(), { username: 'mk-owner', password: 'Mk-owner-pw-1' });
  const otherId = await createUser(db(), { username: 'mk-other', password: 'Mk-other-pw-1' });
  tokens.owner = await accessTokenFor(ctx.app, 'mk-owner', 'Mk-owner-pw-1');
  tokens.otherOwner = await accessTokenFor(ctx.app, 'mk-other', 'Mk-other-pw-1');
  for (const [target, owner] of [
    [shop, ownerId],
    [other, otherId],
  ] as const) {
    const [row] = await db()
      .insert(shops)
      .values({ ownerUserId: owner, slug: target.slug, name: target.name, defaultPercentage: 150 })
      .returning({ id: shops.id });
    target.id = row?.id ?? 0;
  }
  product = await addProductOnSale(db(), {
    category: 'Mk cups',
    title: 'Tall mug',
    costMinor: 1000,
    stock: 500,
  });
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

describe('consent at checkout', () => {
  it('is stored only when the box is ticked, with the wording shown, the language and the order', async () => {
    const unticked = email('unticked');
    await checkout(unticked);
    await checkout(unticked, { consent: false });
    expect(await consentOf(shop.id, unticked)).toBeUndefined();

    const buyer = email('ticked').replace('mk-', 'MK-');
    const before = Date.now();
    const answer = await checkout(buyer, { consent: true, language: 'fr' });
    const order = await orderOf(answer.orderNo);
    const row = await consentOf(shop.id, buyer);
    expect(row).toMatchObject({
      email: buyer.toLowerCase(),
      orderId: order.id,
      language: 'fr',
      wording: 'Recevoir par e-mail les nouveautés et offres de Mia’s Mugs',
      unsubscribedAt: null,
    });
    expect(row?.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.subscribedAt).toEqual(row?.consentedAt);
  });

  it('keeps one row per shop and email: a later consent refreshes it, since stays', async () => {
    const buyer = email('twice');
    await checkout(buyer, { consent: true, language: 'es' });
    const first = await consentOf(shop.id, buyer);
    const second = await checkout(buyer, { consent: true, language: 'pt' });
    // Another shop's consent is that shop's own row.
    await checkout(buyer, { consent: true, slug: other.slug });
    const rows = await db().select().from(marketingConsents).where(eq(marketingConsents.email, buyer));
    expect(rows.map((row) => row.shopId).sort()).toEqual([shop.id, other.id].sort());
    const refreshed = await consentOf(shop.id, buyer);
    expect(refreshed).toMatchObject({
      id: first?.id,
      orderId: (await orderOf(second.orderNo)).id,
      language: 'pt',
      wording: translate('pt', 'checkout.marketingConsent', { shop: shop.name }),
      subscribedAt: first?.subscribedAt,
    });
    expect(refreshed?.consentedAt.getTime()).toBeGreaterThanOrEqual(first?.consentedAt.getTime() ?? 0);
  });

  it('is worded as the storefront shows the box, in every language', () => {
    for (const lang of LANGUAGES) {
      const file = join(REPO_ROOT, 'apps/web/src/locales', lang, 'storefront.json');
      const web = (JSON.parse(readFileSync(file, 'utf8')) as { checkout: { marketingConsent: string } })
        .checkout.marketingConsent;
      expect(web.replace('{{shop}}', '{shop}'), lang).toBe(translate(lang, 'checkout.marketingConsent'));
    }
  });
});

describe('the abandoned-checkout reminder', () => {
  it('reads the delay setting: whole minutes up to a day, else an hour', () => {
    expect(readReminderDelay(() => undefined)).toBe(60);
    expect(readReminderDelay(() => ' 15 ')).toBe(15);
    expect(readReminderDelay(() => '1440')).toBe(1440);
    for (const bad of ['0', '1441', '-5', 'soon', '1.5', ''])
      expect(
        readReminderDelay(() => bad),
        bad,
      ).toBe(REMINDER_DELAY_DEFAULT);
  });

  it('mails an unpaid order with consent once, after the delay, with its items, link and one-click unsubscribe', async () => {
    const buyer = email('remind');
    const answer = await checkout(buyer, { consent: true, language: 'es' });
    const order = await orderOf(answer.orderNo);

    // Not before the delay.
    await remind(new Date(Date.now() + (REMINDER_DELAY_DEFAULT - 5) * MINUTE));
    expect(await settledMailsTo(buyer)).toEqual([]);

    await remind(dueAt());
    const [mail] = await waitFor(() => (reminderOf(buyer).length > 0 ? reminderOf(buyer) : undefined));
    expect(mail?.subject).toBe(`Tu pedido en ${shop.name} te está esperando`);
    expect(mail?.text).toContain('2 × Tall mug');
    expect(mail?.text).toMatch(new RegExp(`/s/${shop.slug}/order/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\?lang=es`));
    const url = unsubscribeUrlIn(mail as ReadMail);
    expect(url).toMatch(
      /^https?:\/\/[^/]+\/api\/v1\/public\/marketing\/unsubscribe\/[0-9a-z]+\.[A-Za-z0-9_-]+\?lang=es$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The same link in the text, for a person.
    expect(mail?.text).toContain(url);
    const [reminder] = await db()
      .select()
      .from(marketingReminders)
      .where(eq(marketingReminders.orderId, order.id));
    expect(reminder).toBeDefined();

    // Never twice: later runs find it reminded.
    await remind(dueAt());
    await remind(new Date(Date.now() + 3 * 60 * MINUTE));
    expect(await settledMailsTo(buyer)).toHaveLength(1);
  });

  it('never mails without consent at that order, after payment, too late, or once the buyer came back', async () => {
    // The control: the same run reminds an order that qualifies.
    const control = email('control');
    await checkout(control, { consent: true });
    const noConsent = email('no-consent');
    await checkout(noConsent);

    const paidBuyer = email('paid');
    await pay(await checkout(paidBuyer, { consent: true }));

    // Came back: an earlier order with consent, then a later one (even without the box ticked).
    const returning = email('returning');
    await checkout(returning, { consent: true });
    await checkout(returning);

    // Subscribed at an earlier order (paid since); this later unpaid order was placed without the box.
    const earlier = email('earlier');
    await pay(await checkout(earlier, { consent: true, slug: other.slug }));
    const later = await checkout(earlier, { slug: other.slug });
    expect((await consentOf(other.id, earlier))?.unsubscribedAt).toBeNull();

    // Paid, but the provider holds the payment for review (PENDING): nothing was abandoned.
    const pending = email('pending');
    const held = await checkout(pending, { consent: true });
    await db()
      .update(payments)
      .set({ status: 'PENDING' })
      .where(eq(payments.orderId, (await orderOf(held.orderNo)).id));

    const old = email('old');
    const stale = await checkout(old, { consent: true });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - REMINDER_WINDOW_MS - 2 * 60 * MINUTE) })
      .where(eq(orders.id, (await orderOf(stale.orderNo)).id));

    await remind(dueAt());
    await waitFor(() => (reminderOf(control).length > 0 ? true : undefined));
    for (const buyer of [noConsent, paidBuyer, returning, earlier, pending, old]) {
      await settledMailsTo(buyer);
      expect(reminderOf(buyer), buyer).toEqual([]);
    }
    const unreminded = await db()
      .select()
      .from(marketingReminders)
      .where(eq(marketingReminders.orderId, (await orderOf(later.orderNo)).id));
    expect(unreminded).toEqual([]);
  });

  it('is claimed once when two processes run the job at the same moment', async () => {
    const buyers = [email('race'), email('race'), email('race')];
    for (const buyer of buyers) await checkout(buyer, { consent: true });
    const service = () =>
      createMarketingService({
        db: db(),
        mailer: ctx.app.mailer,
        tokens: createUnsubscribeTokens(ctx.config.jwtSecret),
        publicUrl: ctx.config.publicUrl,
        orderLinks: ctx.app.orderLinks,
        delayMinutes: () => REMINDER_DELAY_DEFAULT,
      });
    const at = dueAt();
    const counts = await Promise.all([service().run(at), service().run(at), service().run(at)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(buyers.length);
    await ctx.app.jobs.runDue();
    for (const buyer of buyers) {
      await waitFor(() => (reminderOf(buyer).length > 0 ? true : undefined));
      expect(await settledMailsTo(buyer), buyer).toHaveLength(1);
    }
  });
});

describe('one-click unsubscribe', () => {
  /** A subscribed buyer's reminder and its unsubscribe link (path and query). */
  async function remindedBuyer(tag: string, language = 'en') {
    const buyer = email(tag);
    await checkout(buyer, { consent: true, language });
    await remind(dueAt());
    const [mail] = await waitFor(() => (reminderOf(buyer).length > 0 ? reminderOf(buyer) : undefined));
    return { buyer, link: pathOf(unsubscribeUrlIn(mail as ReadMail)) };
  }

  it('unsubscribes at once on the one-click POST, and the next due order is not reminded', async () => {
    const { buyer, link } = await remindedBuyer('one-click');
    // As a mail client sends it (RFC 8058): a form body, no sign-in, no cookie.
    const res = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: RESULT_SUCCESS,
      data: { unsubscribed: true, shop: { name: shop.name } },
    });
    const row = await consentOf(shop.id, buyer);
    expect(row?.unsubscribedAt).not.toBeNull();

    // Again: the same answer, the first moment kept.
    const again = await ctx.app.inject({ method: 'POST', url: link, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect((await consentOf(shop.id, buyer))?.unsubscribedAt).toEqual(row?.unsubscribedAt);

    // Honoured: a new unpaid order of theirs, placed without the box, is never reminded, and
    // their earlier consent does not count for it.
    await checkout(buyer);
    await remind(dueAt());
    expect(reminderOf(buyer)).toHaveLength(1);

    // Ticking the box again at a later checkout subscribes them again, from then on.
    await checkout(buyer, { consent: true });
    const back = await consentOf(shop.id, buyer);
    expect(back?.unsubscribedAt).toBeNull();
    expect(back?.subscribedAt.getTime()).toBeGreaterThan(row?.subscribedAt.getTime() ?? 0);
  });

  it('an unsubscribed buyer’s order due a reminder is not mailed', async () => {
    const buyer = email('unsub-first');
    const answer = await checkout(buyer, { consent: true });
    const row = await consentOf(shop.id, buyer);
    const link = `/api/v1/public/marketing/unsubscribe/${createUnsubscribeTokens(ctx.config.jwtSecret).sign(row?.id ?? 0)}`;
    expect((await ctx.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    await remind(dueAt());
    expect(await settledMailsTo(buyer)).toEqual([]);
    const reminded = await db()
      .select()
      .from(marketingReminders)
      .where(eq(marketingReminders.orderId, (await orderOf(answer.orderNo)).id));
    expect(reminded).toEqual([]);
  });

  it('shows a page for the link in the text: GET asks and changes nothing, its button unsubscribes', async () => {
    const { buyer, link } = await remindedBuyer('page', 'fr');
    const page = await ctx.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('<h1>Se désabonner de Mia’s Mugs</h1>');
    expect(page.body).toMatch(/<form method="post"><button type="submit">Me désabonner<\/button><\/form>/);
    expect((await consentOf(shop.id, buyer))?.unsubscribedAt).toBeNull();

    // The button: a browser's form post, answered with the page, done.
    const done = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Vous êtes désabonné');
    expect((await consentOf(shop.id, buyer))?.unsubscribedAt).not.toBeNull();
    // The page of a link already used says so.
    const after = await ctx.app.inject({ method: 'GET', url: link });
    expect(after.body).toContain('Vous êtes désabonné');
  });

  it('refuses a tampered or foreign link and changes nothing', async () => {
    const { buyer, link } = await remindedBuyer('tamper');
    const [path = '', query = ''] = link.split('?');
    const token = path.split('/').at(-1) ?? '';
    const [id = '', signature = ''] = token.split('.');
    const swapped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const otherKey = createUnsubscribeTokens('another-secret-another-secret-0123456789').sign(
      parseInt(id, 36),
    );
    const forged = [
      `${id}.${swapped}`,
      `${(parseInt(id, 36) + 1).toString(36)}.${signature}`,
      otherKey,
      // A well-signed id of no subscription.
      createUnsubscribeTokens(ctx.config.jwtSecret).sign(987_654_321),
    ];
    for (const bad of forged) {
      const url = `/api/v1/public/marketing/unsubscribe/${bad}?${query}`;
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.UNSUBSCRIBE_LINK_INVALID);
      const page = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This link is not valid');
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/v1/public/marketing/unsubscribe/x' });
    expect(malformed.statusCode).toBe(400);
    expect((await consentOf(shop.id, buyer))?.unsubscribedAt).toBeNull();
  });
});

describe("the creator's subscribers", () => {
  const list = (who: 'owner' | 'otherOwner', query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/marketing/subscribers${query}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
  const exportOf = (who: 'owner' | 'otherOwner', lang = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/marketing/subscribers/export',
      headers: { authorization: `Bearer ${tokens[who]}`, lang },
    });

  it('lists the own shop’s subscribed buyers only, newest first, a page at a time', async () => {
    const mine = [email('list'), email('list')];
    for (const buyer of mine) await checkout(buyer, { consent: true, language: 'pt' });
    const theirs = email('theirs');
    await checkout(theirs, { consent: true, slug: other.slug });

    const res = await list('owner', '?pageNum=1&pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: TSubscriberPage }>().data;
    const emails = page.list.map((row) => row.email);
    expect(emails).toEqual(expect.arrayContaining(mine));
    expect(emails).not.toContain(theirs);
    expect(emails.indexOf(mine[1] ?? '')).toBeLessThan(emails.indexOf(mine[0] ?? ''));
    expect(page.list.find((row) => row.email === mine[0])).toMatchObject({ language: 'pt' });
    // Unsubscribed buyers are not listed.
    const total = await db().select().from(marketingConsents).where(eq(marketingConsents.shopId, shop.id));
    expect(page.total).toBe(total.filter((row) => row.unsubscribedAt === null).length);

    const firstPage = (await list('owner', '?pageNum=1&pageSize=1')).json<{ data: TSubscriberPage }>().data;
    expect(firstPage.list).toHaveLength(1);
    expect(firstPage.total).toBe(page.total);

    const others = (await list('otherOwner', `?pageSize=100&shopId=${shop.id}`)).json<{
      data: TSubscriberPage;
    }>().data;
    expect(others.list.map((row) => row.email)).toContain(theirs);
    expect(others.list.map((row) => row.email)).not.toContain(mine[0]);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/marketing/subscribers' })).statusCode).toBe(
      401,
    );
  });

  it('exports them as CSV in the creator’s language, own rows only, formulas kept as text', async () => {
    // An address a spreadsheet would run: it starts with a minus and holds a plus.
    const risky = `-2+3-mk${++sequence}@example.com`;
    await checkout(risky, { consent: true });
    const res = await exportOf('owner', 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header = '', ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe(
      'Correo,Suscrito desde (UTC),Idioma,Consentimiento dado (texto mostrado),Último consentimiento (UTC)',
    );
    const line = rows.find((row) => row.includes(risky));
    expect(line?.startsWith(`'${risky},`)).toBe(true);
    expect(line).toContain(',en,Email me news and offers from Mia’s Mugs,');
    const listed = (await list('owner', '?pageSize=100')).json<{ data: TSubscriberPage }>().data;
    expect(rows).toHaveLength(listed.total);
    const theirs = await exportOf('otherOwner');
    expect(theirs.body).not.toContain(risky);
    expect(theirs.body).not.toContain('Mia’s Mugs');
  });
});

describe('mail headers', () => {
  const message = {
    to: 'someone@example.com',
    subject: 'Hello',
    text: 'Body',
    headers: {
      'List-Unsubscribe': '<https://shop.example/api/v1/public/marketing/unsubscribe/1.abc?lang=en>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };

  it('reach the message through both transports', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkstore-mk-'));
    try {
      const outbox = createOutboxMailer({
        dir,
        from: 'LS <no-reply@example.com>',
        log: { info: () => undefined },
      });
      await outbox.send(message);
      const [written] = await readOutbox(dir);
      expect(written?.headers['list-unsubscribe']).toBe(message.headers['List-Unsubscribe']);
      expect(written?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const smtp = createSmtpMailer({ url: sink.url, from: 'LS <no-reply@example.com>' });
    await smtp.send({ ...message, to: 'headers-check@example.com' });
    await smtp.close();
    const [received] = mailsTo('headers-check@example.com');
    expect(received?.headers['list-unsubscribe']).toBe(message.headers['List-Unsubscribe']);
    expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});
