import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { recordFigures } from '../../apps/server/src/security/figures';
import { text } from '../locales';
import { E2E_SEED_PASSWORD, stackPorts } from '../support/ports';
import { expectStudioHome } from '../support/studio';
import { MARKER, XSS_PAYLOADS, type XssPayload } from './xss-payloads';

/**
 * The "xss" part of the security suite (issue 15; docs/security.md, "Cross-site scripting").
 *
 * Every classic payload of `xss-payloads.ts` is written through the API, as the operator and as
 * the demo creator and as a buyer, into every text the console and the storefront show: role,
 * department, dictionary, item, setting, user, category, product, banner and shop texts, the
 * operator's own nickname, a buyer's name and address, a refund reason. Then every console page
 * (read from the operator's route tree), every studio page (read from the web app's routes) and
 * the storefront's pages are opened in chromium, with the app's real CSP, and the part records
 * any sign that a payload ran or reached the DOM as markup:
 *   - a call of the marker `__xss(n)` (exposed to every page and frame),
 *   - a dialog (`alert`),
 *   - a CSP violation (`securitypolicyviolation`: markup the CSP had to block),
 *   - DOM that a payload could have made: an `on*` attribute, a `javascript:`/`data:text/html`
 *     address, an iframe/object/embed/base/meta-refresh, a script not from our origin.
 * Any of these fails the part. The payloads must also be SHOWN (as text): every payload is seen
 * on some page, and each page the part seeded shows at least one, so a page that stopped showing
 * the texts cannot pass by showing nothing.
 *
 * The second test asks every entry the server serves (each API route of /api/openapi.json, the
 * web app's files, the storefront pages and their 404s, /files/*) and checks the security
 * headers of each answer.
 */

const BASE = `http://127.0.0.1:${stackPorts().app}`;
const ROOT = resolve(import.meta.dirname, '../..');

interface Envelope<T> {
  code: string;
  msg?: string;
  data: T;
}

interface Finding {
  where: string;
  what: string;
}

// ── The API, as a signed-in operator or creator (access tokens live 10 s in e2e) ─────────────

class Api {
  private token = '';
  private issuedAt = 0;
  constructor(
    private readonly request: APIRequestContext,
    private readonly username: string,
  ) {}

  private async auth(): Promise<Record<string, string>> {
    if (Date.now() - this.issuedAt > 6_000) {
      const login = await this.request.post('/api/v1/auth/login', {
        data: { username: this.username, password: E2E_SEED_PASSWORD },
      });
      const body = (await login.json()) as Envelope<{ accessToken: string }>;
      if (!body.data?.accessToken)
        throw new Error(`${this.username} could not sign in: ${JSON.stringify(body)}`);
      this.token = body.data.accessToken;
      this.issuedAt = Date.now();
    }
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T = unknown>(
    method: string,
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: Envelope<T> }> {
    const answer = await this.request.fetch(path, {
      method,
      headers: await this.auth(),
      ...(data === undefined ? {} : { data }),
    });
    return { status: answer.status(), body: (await answer.json()) as Envelope<T> };
  }

  async ok<T = unknown>(method: string, path: string, data?: unknown): Promise<T> {
    const { status, body } = await this.call<T>(method, path, data);
    if (status !== 200) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(body)}`);
    return body.data;
  }
}

// ── Seeding: each payload into each text ─────────────────────────────────────────────────────

/** Where payloads were written: sink → payload ids the API stored; and what it refused. */
const stored = new Map<string, number[]>();
const refused: { sink: string; id: number; status: number; code: string }[] = [];
/** Filled while seeding, used by the page visits. */
const seeded = { productIds: [] as string[], orderNo: '', token: '', dictCode: 'xss_dict' };

/** `count` payloads of at most `max` characters, starting at `offset` (so sinks differ). */
function pick(max: number, count: number, offset: number): XssPayload[] {
  const fitting = XSS_PAYLOADS.filter((p) => p.text.trim().length <= max);
  return Array.from(
    { length: Math.min(count, fitting.length) },
    (_, i) => fitting[(offset + i) % fitting.length]!,
  );
}

/** All payloads joined, cut to `max` characters at a payload's end. */
function joined(max: number, separator = ' '): { text: string; ids: number[] } {
  let out = '';
  const ids: number[] = [];
  for (const p of XSS_PAYLOADS) {
    const next = out ? `${out}${separator}${p.text}` : p.text;
    if (next.length > max) continue;
    out = next;
    ids.push(p.id);
  }
  return { text: out, ids };
}

async function put(api: Api, sink: string, payload: XssPayload, method: string, path: string, data: unknown) {
  const { status, body } = await api.call(method, path, data);
  if (status === 200) stored.set(sink, [...(stored.get(sink) ?? []), payload.id]);
  else if (status >= 500)
    throw new Error(`${sink}: ${method} ${path} answered ${status} ${JSON.stringify(body)}`);
  else refused.push({ sink, id: payload.id, status, code: body.code });
  return { status, body };
}

/** The payloads' texts in a rich text document, one paragraph each, and as link addresses. */
function richDoc(payloads: readonly XssPayload[]) {
  return {
    type: 'doc',
    content: payloads.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p.text }] })),
  };
}

async function seedAsOperator(admin: Api) {
  const few = 6;
  let offset = 0;
  const next = () => (offset += 7);

  for (const [i, p] of pick(64, few, next()).entries()) {
    await put(admin, 'role name', p, 'POST', '/api/v1/roles', {
      name: p.text,
      code: `XSS_ROLE_${i}`,
      sort: 0,
    });
  }
  for (const [i, p] of pick(64, few, next()).entries()) {
    await put(admin, 'dept name', p, 'POST', '/api/v1/dept', {
      name: p.text,
      code: `xss-dept-${i}`,
      parentId: '0',
    });
  }
  const [dictName] = pick(64, 1, next());
  await put(admin, 'dict name', dictName!, 'POST', '/api/v1/dict', {
    name: dictName!.text,
    dictCode: seeded.dictCode,
    remark: dictName!.text,
  });
  for (const [i, p] of pick(128, few, next()).entries()) {
    await put(admin, 'dict item label', p, 'POST', '/api/v1/dict-data', {
      dictCode: seeded.dictCode,
      value: `xss-${i}`,
      label: p.text,
      labels: { es: p.text },
    });
  }
  const values = joined(4000, '\n');
  for (const [i, p] of pick(64, 3, next()).entries()) {
    const { status } = await put(admin, 'config name', p, 'POST', '/api/v1/config', {
      name: p.text,
      key: `xss.config.${i}`,
      value: values.text,
      remark: p.text,
    });
    if (status === 200 && i === 0) stored.set('config value', values.ids);
  }
  for (const [i, p] of pick(64, few, next()).entries()) {
    await put(admin, 'user nickname', p, 'POST', '/api/v1/users', {
      username: `xss-user-${i}`,
      nickname: p.text,
      password: 'xss-user-pass-1',
      roleIds: ['2'],
    });
  }
  const [nickname] = pick(64, 1, next());
  await put(admin, "operator's own nickname", nickname!, 'PUT', '/api/v1/users/profile', {
    nickname: nickname!.text,
  });

  // Categories: a first level (the payload's name) with a second level per payload.
  const [parentName] = pick(64, 1, next());
  const parent = await put(admin, 'category name', parentName!, 'POST', '/api/v1/catalog/categories', {
    name: parentName!.text,
  });
  const parentId = (parent.body.data as { id?: string } | null)?.id;
  if (!parentId) throw new Error(`the first-level category was refused: ${JSON.stringify(parent.body)}`);
  let subcategoryId = '';
  for (const p of pick(64, 4, next())) {
    const sub = await put(admin, 'category name', p, 'POST', '/api/v1/catalog/categories', {
      name: p.text,
      parentId,
    });
    subcategoryId ||= (sub.body.data as { id?: string } | null)?.id ?? '';
  }
  if (!subcategoryId) throw new Error('no second-level category was stored');

  // Products of the catalogue: every on-sale product is in every shop, the demo shop too.
  const description = richDoc(XSS_PAYLOADS);
  for (const [i, p] of pick(200, 8, next()).entries()) {
    const { status, body } = await put(admin, 'product title', p, 'POST', '/api/v1/catalog/products', {
      categoryId: subcategoryId,
      title: p.text,
      titles: { es: p.text },
      description,
      platformPriceMinor: 1000 + i,
      stock: 50,
      status: 1,
      sort: 0,
    });
    if (status === 200) {
      seeded.productIds.push((body.data as { id: string }).id);
      stored.set(
        'product description',
        XSS_PAYLOADS.map((x) => x.id),
      );
    }
  }
  // A rich text link to a javascript: address: refused by the contract, or never a live link.
  const [linked] = pick(200, 1, next());
  await put(admin, 'product description link', linked!, 'POST', '/api/v1/catalog/products', {
    categoryId: subcategoryId,
    title: 'Linked',
    description: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: linked!.text,
              marks: [{ type: 'link', attrs: { href: `javascript:__xss(${linked!.id})` } }],
            },
          ],
        },
      ],
    },
    platformPriceMinor: 999,
    stock: 5,
  });

  for (const p of pick(120, 4, next())) {
    await put(admin, 'catalogue banner title', p, 'POST', '/api/v1/catalog/banners', {
      title: p.text,
      imageUrl: '/favicon.svg',
      linkUrl: '/s/demo',
    });
  }
  for (const p of XSS_PAYLOADS.filter((x) => /javascript|\/\//i.test(x.text)).slice(0, 4)) {
    await put(admin, 'catalogue banner link', p, 'POST', '/api/v1/catalog/banners', {
      title: 'Link',
      imageUrl: '/favicon.svg',
      linkUrl: p.text,
    });
  }
}

async function seedAsCreator(demo: Api) {
  const [name] = pick(80, 1, 3);
  const description = joined(2000);
  const { status } = await put(demo, 'shop name', name!, 'PUT', '/api/v1/shop', {
    name: name!.text,
    description: description.text,
  });
  if (status === 200) stored.set('shop description', description.ids);
  for (const p of pick(120, 4, 20)) {
    await put(demo, 'shop banner title', p, 'POST', '/api/v1/shop/banners', {
      imageUrl: '/favicon.svg',
      linkUrl: `https://example.com/?q=${encodeURIComponent(p.text)}`,
      title: p.text,
    });
  }
  for (const p of XSS_PAYLOADS.filter((x) => /javascript/i.test(x.text)).slice(0, 4)) {
    await put(demo, 'shop banner link', p, 'POST', '/api/v1/shop/banners', {
      imageUrl: '/favicon.svg',
      linkUrl: p.text.replaceAll(' ', ''),
      title: 'Link',
    });
  }
}

async function seedAsBuyer(request: APIRequestContext, admin: Api) {
  const [name, line1, line2, city, region, reason] = pick(100, 6, 11);
  const productId = seeded.productIds[0];
  if (!productId) throw new Error('no payload product to buy');
  const placed = await request.post('/api/v1/public/checkout', {
    data: {
      shop: 'demo',
      email: `xss-buyer-${Date.now()}@example.com`,
      language: 'en',
      address: {
        name: name!.text,
        line1: line1!.text,
        line2: line2!.text,
        city: city!.text,
        region: region!.text,
        postalCode: '28013',
        countryCode: 'ES',
      },
      items: [{ productId, quantity: 1 }],
    },
  });
  const order = ((await placed.json()) as Envelope<{ orderNo: string; approveUrl: string }>).data;
  expect(placed.status(), JSON.stringify(order)).toBe(200);
  for (const [sink, p] of [
    ['buyer name', name],
    ['buyer address', line1],
    ['buyer address', line2],
    ['buyer city', city],
    ['buyer region', region],
  ] as const) {
    stored.set(sink, [...(stored.get(sink) ?? []), p!.id]);
  }
  const token = new URL(order.approveUrl, BASE).searchParams.get('token') ?? '';
  expect(
    (await request.post(`/api/v1/public/sandbox/orders/${encodeURIComponent(token)}/approve`)).status(),
  ).toBe(200);
  const captured = await request.post('/api/v1/public/checkout/capture', {
    data: { orderNo: order.orderNo, token },
  });
  expect(captured.status(), await captured.text()).toBe(200);
  seeded.orderNo = order.orderNo;
  seeded.token = token;

  const detail = await admin.ok<{ version: number }>('GET', `/api/v1/system/orders/${order.orderNo}`);
  await put(admin, 'refund reason', reason!, 'POST', '/api/v1/system/orders/refund', {
    orderNo: order.orderNo,
    amountMinor: 1,
    reason: reason!.text,
    version: detail.version,
  });
}

// ── Watching pages ──────────────────────────────────────────────────────────────────────────

const findings: Finding[] = [];
/** Page label → payload ids shown on it as text. */
const shown = new Map<string, Set<number>>();

// Page-side code is written as strings: the e2e project has no DOM types.

/** Reports each CSP violation (what the CSP had to block) to the test. */
const CSP_WATCH = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__xssCsp({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, source: event.sourceFile });
});`;

/** The document's title and text, as shown. */
const BODY_TEXT = "document.title + '\\n' + (document.body ? document.body.innerText : '')";

/**
 * The inline scripts the served HTML itself carries (the front door's preloader, decision 0033):
 * the CSP allows exactly these by their hash, so one found with this very text is ours, not a
 * payload's. Read from the server's own `/` before the pages are walked.
 */
const ownInlineScripts: string[] = [];

/** Markup a payload could have made, anywhere in the document (head included). */
const domScan = () => `(() => {
  const own = ${JSON.stringify(ownInlineScripts)};
  const out = [];
  const dangerousUrl = /^\\s*(javascript|vbscript|data:text\\/html)/i;
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'poster'];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    // The API documentation page frames the server's own Swagger UI (API_DOCS_PATH): that frame,
    // at exactly that same-origin address, is ours; any other frame is a payload's.
    const ownDocsFrame =
      tag === 'iframe' &&
      location.hash.startsWith('#/dev/api-docs') &&
      element.getAttribute('src') === ${JSON.stringify('/api/docs/')};
    if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag) && !ownDocsFrame) out.push('<' + tag + '> element');
    if (tag === 'meta' && /refresh/i.test(element.getAttribute('http-equiv') || '')) out.push('meta refresh');
    if (tag === 'script') {
      const src = element.getAttribute('src');
      const type = element.getAttribute('type') || '';
      const ours = !src && own.includes(element.textContent || '');
      if (src ? new URL(src, location.href).origin !== location.origin : !/json/i.test(type) && !ours) {
        out.push('script ' + (src || 'inline: ' + (element.textContent || '').slice(0, 80)));
      }
    }
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.slice(0, 80);
      if (name.startsWith('on')) out.push('<' + tag + ' ' + name + '="' + value + '">');
      if (name === 'srcdoc') out.push('<' + tag + ' srcdoc>');
      if (urlAttributes.includes(name) && dangerousUrl.test(attribute.value)) out.push('<' + tag + ' ' + name + '="' + value + '">');
      if (name === 'style' && /expression\\s*\\(|javascript:/i.test(attribute.value)) out.push('<' + tag + ' style="' + value + '">');
    }
  }
  return out;
})()`;

/** A browser context whose pages report every marker call, dialog and CSP violation. */
async function watchedContext(browser: Browser, label: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  await context.exposeBinding('__xss', ({ frame }, id: unknown) => {
    findings.push({ where: `${label} ${frame.url()}`, what: `payload ${String(id)} ran` });
  });
  await context.exposeBinding('__xssCsp', ({ frame }, report: unknown) => {
    findings.push({ where: `${label} ${frame.url()}`, what: `CSP violation ${JSON.stringify(report)}` });
  });
  await context.addInitScript({ content: CSP_WATCH });
  context.on('page', (page) => {
    watchDialogs(page, label);
    trackRequests(page);
  });
  return context;
}

function watchDialogs(page: Page, label: string) {
  page.on('dialog', (dialog) => {
    findings.push({
      where: `${label} ${page.url()}`,
      what: `dialog (${dialog.type()}): ${dialog.message()}`,
    });
    void dialog.dismiss();
  });
}

/** Requests in flight per page, so a page counts as settled once its data has come. */
const inFlight = new WeakMap<Page, number>();

function trackRequests(page: Page) {
  inFlight.set(page, 0);
  const change = (by: number) => () => inFlight.set(page, (inFlight.get(page) ?? 0) + by);
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/**
 * The page settles: nothing in flight for 400 ms (at most 3 s: some pages poll), then no
 * spinner. A hash navigation fires no load event, so the browser's own "network idle" would not do.
 */
async function settle(page: Page) {
  await page.waitForTimeout(100);
  const deadline = Date.now() + 3_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if ((inFlight.get(page) ?? 0) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) break;
    await page.waitForTimeout(50);
  }
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .catch(() => undefined);
}

/** Markup a payload could have made: the DOM of the page and its same-origin frames. */
async function scanDom(page: Page, where: string) {
  for (const frame of page.frames()) {
    const problems = await frame.evaluate<string[]>(domScan()).catch(() => [] as string[]);
    for (const what of problems) findings.push({ where: `${where} (frame ${frame.url()})`, what });
  }
}

/** What the page shows as text: the payloads' markers in it. */
async function recordShown(page: Page, label: string) {
  const textShown = await page.evaluate<string>(BODY_TEXT);
  const ids = new Set([...textShown.matchAll(MARKER)].map((m) => Number(m[1])));
  shown.set(label, new Set([...(shown.get(label) ?? []), ...ids]));
}

/** The texts each page must show (by sink), once they are seeded. */
const MUST_SHOW: Record<string, string[]> = {
  'console dashboard': ["operator's own nickname"],
  'console /system/role': ['role name'],
  'console /system/dept': ['dept name'],
  'console /system/config': ['config name', 'config value'],
  'console /system/user': ['user nickname'],
  'console /system/dict': ['dict name'],
  'console /system/dict-data': ['dict item label'],
  'console /catalog/category': ['category name'],
  'console /catalog/product': ['product title'],
  'console /catalog/banner': ['catalogue banner title'],
  'console order detail': ['buyer name', 'buyer address', 'buyer city', 'refund reason'],
  'studio /shop': ['shop name', 'shop description'],
  'studio /product': ['product title'],
  'studio /pricing/subcategories': ['category name'],
  'storefront /s/demo': ['shop name', 'shop description', 'shop banner title', 'product title'],
  'storefront product': ['product title', 'product description'],
  'storefront receipt': ['product title'],
};

/** The payloads of a sink a page can be expected to show (the operator's nickname, on every
 * console page, does not count for the others). */
function expectedIds(sink: string): number[] {
  const everywhere = new Set(stored.get("operator's own nickname") ?? []);
  return (stored.get(sink) ?? []).filter((id) => sink === "operator's own nickname" || !everywhere.has(id));
}

/** Page label → milliseconds spent on it. */
const timings = new Map<string, number>();

async function inspect(page: Page, label: string, url?: string) {
  const started = Date.now();
  if (url) await page.goto(url);
  // A console page is scanned once the router has shown it: the hash changes at once, but the
  // previous page (the API docs' frame, say) stays on screen until the next page's code loaded,
  // and its own frame must not be taken for a payload's. The active tag names the shown page.
  const consolePath =
    label.startsWith('console /') && url ? url.replace(/^\/#/, '').split('?')[0] : undefined;
  if (consolePath) {
    await expect(page.locator(`[data-active][data-path="${consolePath}"]`)).toBeAttached({ timeout: 15_000 });
  }
  // A page with seeded texts is read once one of them shows (a list can load in steps).
  const ids = (MUST_SHOW[label] ?? []).flatMap(expectedIds).map((id) => `__xss(${id})`);
  // Polled with page.evaluate: waitForFunction compiles its predicate with `new Function`, which
  // the CSP refuses (and reports, which this part would count).
  for (const deadline = Date.now() + 10_000; ids.length && Date.now() < deadline;) {
    const shownNow = await page.evaluate<string>(BODY_TEXT).catch(() => '');
    if (ids.some((id) => shownNow.includes(id))) break;
    await page.waitForTimeout(150);
  }
  await settle(page);
  await scanDom(page, label);
  await recordShown(page, label);
  timings.set(label, (timings.get(label) ?? 0) + Date.now() - started);
}

async function signInToConsole(page: Page) {
  await page.goto('/#/console/login?lang=en');
  await page.getByLabel(text('en', 'console:login.username'), { exact: true }).fill('admin');
  await page.getByLabel(text('en', 'console:login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: text('en', 'console:login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(/login/);
}

async function signInToStudio(page: Page) {
  await page.goto('/#/login?lang=en');
  await page.getByLabel(text('en', 'studio:auth.login.email'), { exact: true }).fill('demo@linkstore.local');
  await page.getByLabel(text('en', 'studio:auth.login.password'), { exact: true }).fill(E2E_SEED_PASSWORD);
  await page.getByRole('button', { name: text('en', 'studio:auth.login.submit'), exact: true }).click();
  await expectStudioHome(page);
}

interface RouteNode {
  path: string;
  component?: string;
  children?: RouteNode[];
}

/** Every console page of the operator's route tree (what the console's menu is built from). */
function consolePages(nodes: RouteNode[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    const path = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    if (/^https?:/.test(node.path)) return [];
    const here = node.component && node.component !== 'Layout' ? [path] : [];
    return [...here, ...consolePages(node.children ?? [], path)];
  });
}

/** The studio's pages, read from the web app's routes (the children of the studio layout). */
function studioPages(): string[] {
  const source = readFileSync(resolve(ROOT, 'apps/web/src/routes.tsx'), 'utf8');
  const studio = source.slice(source.indexOf('const pageRoutes'), source.indexOf("path: 'login'"));
  const paths = [...studio.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  if (paths.length < 5)
    throw new Error(`the studio's routes were not found in routes.tsx: ${paths.join(', ')}`);
  return ['', ...paths];
}

/** What the part measured, for the stage's summary (security-results/latest.json). */
const figures: Record<string, unknown> = {};
let requestContext: APIRequestContext;
let admin: Api;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  requestContext = await playwrightRequest.newContext({ baseURL: BASE });
  const html = await (await requestContext.get('/')).text();
  for (const [, body = ''] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) ownInlineScripts.push(body);
  admin = new Api(requestContext, 'admin');
  await seedAsOperator(admin);
  await seedAsCreator(new Api(requestContext, 'demo@linkstore.local'));
  await seedAsBuyer(requestContext, admin);
});

test.afterAll(async () => {
  await requestContext?.dispose();
});

test('no XSS payload runs in the console, the studio or the storefront, and every payload is shown', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const started = Date.now();

  // The console, as the operator: every page of the route tree, and an order's detail.
  const operator = await watchedContext(browser, 'console');
  const consolePage = await operator.newPage();
  await signInToConsole(consolePage);
  await inspect(consolePage, 'console dashboard');
  const tree = await admin.ok<RouteNode[]>('GET', '/api/v1/menus/routes');
  const pages = consolePages(tree);
  expect(pages.length).toBeGreaterThan(10);
  // The walk grows with the route tree (each console page added to the seed is one more stop):
  // its budget is a minute for the sign-ins, drawers and storefront, and 4 s per console page —
  // about twice what a page took on CI's 2 cores.
  test.setTimeout(Math.max(180_000, 60_000 + pages.length * 4_000));
  for (const path of pages) {
    const query = path.endsWith('/dict-data') ? `?dictCode=${seeded.dictCode}` : '';
    await inspect(consolePage, `console ${path}`, `/#${path}${query}`);
  }
  await consolePage.goto('/#/commerce/orders');
  await consolePage
    .getByRole('button', { name: new RegExp(seeded.orderNo) })
    .first()
    .click();
  await inspect(consolePage, 'console order detail');
  await operator.close();

  // The studio, as the demo creator: every page, and the order's drawer.
  const creator = await watchedContext(browser, 'studio');
  const studioPage = await creator.newPage();
  await signInToStudio(studioPage);
  for (const path of studioPages()) await inspect(studioPage, `studio /${path}`, `/#/${path}`);
  await studioPage.goto('/#/order');
  await studioPage.getByText(seeded.orderNo).first().click();
  await inspect(studioPage, 'studio order drawer');
  await creator.close();

  // The storefront, as a buyer: the shop, each payload product, cart, checkout, the receipt.
  const buyer = await watchedContext(browser, 'storefront');
  const shopPage = await buyer.newPage();
  await inspect(shopPage, 'storefront /s/demo', '/s/demo');
  for (const id of seeded.productIds.slice(0, 3))
    await inspect(shopPage, 'storefront product', `/s/demo/p/${id}`);
  await inspect(shopPage, 'storefront cart', '/s/demo/cart');
  await inspect(shopPage, 'storefront checkout', '/s/demo/checkout');
  await inspect(
    shopPage,
    'storefront receipt',
    `/payresult?order=${encodeURIComponent(seeded.orderNo)}&token=${encodeURIComponent(seeded.token)}`,
  );
  await buyer.close();

  const seen = new Set([...shown.values()].flatMap((ids) => [...ids]));
  const summary = {
    seconds: Math.round((Date.now() - started) / 1000),
    payloads: XSS_PAYLOADS.length,
    sinks: Object.fromEntries([...stored].map(([sink, ids]) => [sink, ids.length])),
    refused: refused.map((r) => `${r.sink} #${r.id}: ${r.status} ${r.code}`),
    pages: Object.fromEntries(
      [...shown].map(([label, ids]) => [label, `${ids.size} shown, ${timings.get(label)} ms`]),
    ),
  };
  figures.pages = summary;
  recordFigures('xss', figures);
  console.log(JSON.stringify(summary, null, 1));

  expect(findings, 'a payload ran, or reached the DOM as markup').toEqual([]);
  // Shown: every payload somewhere, and on each page that carries seeded texts.
  expect(XSS_PAYLOADS.filter((p) => !seen.has(p.id)).map((p) => `${p.id} ${p.name}`)).toEqual([]);
  // Each page shows the texts seeded for it.
  const missing = Object.entries(MUST_SHOW).flatMap(([label, sinks]) =>
    sinks
      .filter((sink) => !expectedIds(sink).some((id) => shown.get(label)?.has(id)))
      .map((sink) => `${label}: no ${sink}`),
  );
  expect(missing).toEqual([]);
});

// ── Security headers on every entry ─────────────────────────────────────────────────────────

/**
 * The server's own header set for this configuration (`platform/http/security-headers.ts`),
 * loaded at run time: type-checking that module here would pull in the server's Fastify types.
 */
async function expectedHeaders(): Promise<Record<string, string>> {
  const module = resolve(ROOT, 'apps/server/src/platform/http/security-headers.ts');
  const { securityHeaders } = (await import(module)) as {
    securityHeaders: (config: {
      publicUrl: string;
      apiHosts: Record<string, string>;
      webDistDir: string;
    }) => Record<string, string>;
  };
  // The web build the server serves: its inline preloader is allowed by hash (decision 0033).
  return securityHeaders({ publicUrl: BASE, apiHosts: {}, webDistDir: resolve(ROOT, 'apps/web/dist') });
}
const REQUIRED_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];
const FILES_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What is wrong with one answer's security headers. */
function headerProblems(
  appHeaders: Record<string, string>,
  label: string,
  path: string,
  status: number,
  headers: Record<string, string>,
): string[] {
  // A stored file as served (`/files/*`, files.routes.ts): nothing may load or run in it, and
  // pages of other origins (brand hosts, embeds) may show it, by design.
  const isServedFile = path.startsWith('/files/') && (status === 200 || status === 304);
  const expected = isServedFile
    ? { ...appHeaders, 'content-security-policy': FILES_CSP, 'cross-origin-resource-policy': 'cross-origin' }
    : appHeaders;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    if (headers[name] !== value) problems.push(`${name}: ${headers[name] ?? '(missing)'}`);
  }
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src[^;]*/.exec(csp)?.[0] ?? '';
  if (!/frame-ancestors 'none'/.test(csp) || /'unsafe-(inline|eval)'|\*/.test(scriptSrc)) {
    problems.push(`weak content-security-policy: ${csp}`);
  }
  return problems.map((p) => `${label}: ${p}`);
}

test('every page and entry the server answers carries the security headers and the CSP', async () => {
  test.setTimeout(60_000);
  const entries: { method: string; path: string; headers?: Record<string, string> }[] = [];

  // The API: every operation the server documents, unauthenticated (refusals carry them too).
  const spec = (await (await requestContext.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const method of Object.keys(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      entries.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  expect(entries.length).toBeGreaterThan(100);
  entries.push({ method: 'GET', path: '/api/openapi.json' }, { method: 'GET', path: '/api/no-such-route' });

  // The web app: its pages, files and every asset its HTML names.
  const webPages = [
    '/',
    '/index.html',
    '/runtime-config.js',
    '/favicon.svg',
    '/no-such-page',
    '/storefront.html',
  ];
  for (const page of ['/', '/storefront.html']) {
    const html = await (await requestContext.get(page)).text();
    for (const match of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) webPages.push(match[1]!);
  }
  // The storefront: pages, their 404s, payment pages, a conditional request.
  const product = seeded.productIds[0] ?? '1';
  webPages.push(
    '/s/demo',
    '/s/demo/cart',
    '/s/demo/checkout',
    `/s/demo/p/${product}`,
    '/s/demo/p/999999999',
    '/s/demo/no-such-page',
    '/s/no-such-shop',
    '/s/%00',
    '/payauth',
    '/payresult',
  );
  // Uploaded files: a demo image and a missing one.
  const demoPage = (await (
    await requestContext.get('/api/v1/public/shops/demo/products?pageSize=24&pageNum=1')
  ).json()) as Envelope<{
    list: { imageUrl: string | null }[];
  }>;
  const image = demoPage.data.list.find((p) => p.imageUrl?.startsWith('/files/'))?.imageUrl;
  expect(image, 'a demo product image under /files/').toBeTruthy();
  webPages.push(image!, '/files/no-such-file.png', '/files/..%2f..%2fetc%2fpasswd');
  for (const path of new Set(webPages)) entries.push({ method: 'GET', path });
  const etag = (await requestContext.get('/s/demo')).headers().etag;
  entries.push({ method: 'GET', path: '/s/demo', headers: { 'if-none-match': etag ?? '' } });

  const expected = await expectedHeaders();
  // A floor of its own, so a header dropped from the server's set fails here too.
  expect(Object.keys(expected)).toEqual(expect.arrayContaining(REQUIRED_HEADERS));
  const problems: string[] = [];
  const statuses: Record<string, number> = {};
  for (const entry of entries) {
    const answer = await requestContext.fetch(entry.path, {
      method: entry.method,
      headers: entry.headers,
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    statuses[answer.status()] = (statuses[answer.status()] ?? 0) + 1;
    problems.push(
      ...headerProblems(
        expected,
        `${entry.method} ${entry.path} (${answer.status()})`,
        entry.path,
        answer.status(),
        answer.headers(),
      ),
    );
  }
  console.log(JSON.stringify({ entries: entries.length, statuses }));
  figures.headers = { entries: entries.length, answersByStatus: statuses };
  recordFigures('xss', figures);
  expect(problems).toEqual([]);
});
