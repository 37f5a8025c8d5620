import * as contract from '@linkstore/contract';
import type {
  TCheckoutAnswer,
  TCreatorMailSettings,
  TCreatorOrderPage,
  TLedgerEntryPage,
  TRouteDef,
  TShopProductVariants,
} from '@linkstore/contract';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../platform/auth/auth.tables';
import { categories, products, productVariants } from '../modules/catalog/catalog.table';
import { creatorMailSettings } from '../modules/creator-mails/creator-mails.table';
import { files } from '../modules/files/files.table';
import { sampleImage } from '../modules/files/files.test-kit';
import { discountCodes } from '../modules/discounts/discounts.table';
import { ledgerEntries } from '../modules/earnings/earnings.table';
import { marketingConsents } from '../modules/marketing/marketing.table';
import { encodeCursor } from '../modules/orders/orders.service';
import { orderItems, orderPurchases, orders } from '../modules/orders/orders.table';
import { payouts } from '../modules/payouts/payouts.table';
import { paypalBindings } from '../modules/shops/paypal-binding.table';
import {
  shopBanners,
  shopCategories,
  shopCategoryPrices,
  shopProducts,
  shopSlugHistory,
  shops,
  shopVariantPrices,
} from '../modules/shops/shops.table';
import { addProductOnSale } from '../test/catalog-kit';
import { createTestApp, type TestContext } from '../test/helper';
import { payoutsKit, newKey, type Creator } from '../test/payouts-kit';
import { multipartFile } from '../test/users-kit';
import { operatorWith } from '../test/users';
import { recordFigures } from './figures';

/**
 * Tenant isolation (issue 15). Two creators, A and B, each with real data made through the API
 * where there is one (shop, banners, prices, hidden products, an image, orders paid through the
 * sandbox checkout, an unpaid order with a purchase started, a withdrawal, payout settings, a
 * PayPal binding attempt). As B, every creator-scoped operation is called with A's ids in the
 * path, the query and the body: nothing of A's is read (B's answers never hold any of A's marks)
 * and nothing of A's is written (A's rows are the same before and after every case).
 *
 * The cases are keyed "METHOD path" and the list of routes is derived from the contract: every
 * route open to any signed-in caller must have a case here or be in NOT_CREATOR_SCOPED, so a new
 * creator-scoped route without an isolation case fails this part.
 */

type Method = TRouteDef['method'];

const isRouteDef = (value: unknown): value is TRouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
const signedInOnly = (Object.values(contract) as unknown[])
  .filter((group): group is object => typeof group === 'object' && group !== null)
  .flatMap((group) => Object.values(group).filter(isRouteDef))
  .filter((def) => 'permission' in def.access && def.access.permission === null)
  .map((def) => `${def.method} ${def.path}`);

/**
 * Signed-in routes that hold no creator's data: each reads or changes only the caller's own
 * sign-in, or shared reference data.
 */
const NOT_CREATOR_SCOPED = new Set([
  // Ends the caller's own sign-in (the session id comes from the caller's token, nothing else).
  'DELETE /api/v1/auth/logout',
  'POST /api/logout',
  // The console menu of the caller's roles.
  'GET /api/v1/menus/routes',
  // Dictionaries: shared reference data, the same for everyone.
  'GET /api/v1/dict/list',
  'GET /api/v1/dict-data/:dictCode/options',
  // The platform's category tree (a creator's own order of it is PUT /shop/categories/order).
  'GET /api/v1/shop/categories',
  // The platform's documentation and code-hosting links (runtime settings, the same for everyone).
  'GET /api/v1/config/links',
]);

let ctx: TestContext;
const kit = payoutsKit(() => ctx, 'iso');
let A: Creator;
let B: Creator;
let productIds: number[] = [];
/** Shared catalogue ids B's own valid writes use. */
const ids = { productCategory: 0, topCategories: [] as number[] };
/** A's ids, as the cases send them. */
const a = {
  orderNos: [] as string[],
  unpaidOrderNo: '',
  purchaseId: '',
  fileId: '',
  fileUrl: '',
  bannerIds: [] as string[],
  payoutId: '',
  bindingState: '',
  categoryId: '',
  /** The variant of A's first product, which A gave its own price and "compare at". */
  variantId: '',
  /** A notice an operator addressed to A alone. */
  noticeId: '',
  /** A's discount code (its name is one of A's marks). */
  discountId: '',
};
/** Strings only A's data holds: none may appear in any answer B gets. */
const marks: string[] = [];
let requests = 0;
const statuses: Record<string, number> = {};
const casesRun: string[] = [];

let address = 0;
const nextIp = () => `10.55.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function as(
  who: Creator,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  requests += 1;
  const res = await ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${who.token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  if (who === B) {
    // A mark B sent itself (A's public slug, say) coming back in an error is no leak.
    const sent = `${url} ${payload instanceof Buffer ? '' : JSON.stringify(payload ?? null)}`;
    const leaked = marks.filter((mark) => res.body.includes(mark) && !sent.includes(mark));
    expect({ request: `${method} ${url}`, leaked }).toEqual({ request: `${method} ${url}`, leaked: [] });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
  }
  return res;
}

async function okAs<T>(who: Creator, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await as(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json<{ data: T }>().data;
}

function publicPost(url: string, payload: object) {
  requests += 1;
  return ctx.app.inject({ method: 'POST', url: `/api/v1/public${url}`, payload, remoteAddress: nextIp() });
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';

/** A buyer's order in the creator's shop through the public checkout; paid through the sandbox unless told. */
async function buyerOrder(slug: string, email: string, pay: boolean): Promise<string> {
  const res = await publicPost('/checkout', {
    shop: slug,
    email,
    address: { name: 'Ana', line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', countryCode: 'PT' },
    items: [{ productId: String(productIds[0]), quantity: 1 }],
    // The buyer subscribes to the shop's news: each creator has a subscriber of their own.
    marketingConsent: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: TCheckoutAnswer }>().data;
  if (pay) {
    const approved = await publicPost(`/sandbox/orders/${tokenOf(answer.approveUrl)}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const captured = await publicPost('/checkout/capture', {
      orderNo: answer.orderNo,
      token: tokenOf(answer.approveUrl),
    });
    expect(captured.statusCode, captured.body).toBe(200);
  }
  return answer.orderNo;
}

/** Everything of A's in the database, to compare before and after B's attempts. */
async function rowsOfA() {
  const db = ctx.database.db;
  const shopIds = [A.shopId];
  const orderRows = await db.select().from(orders).where(eq(orders.ownerUserId, A.userId)).orderBy(orders.id);
  return {
    user: await db.select().from(users).where(eq(users.id, A.userId)),
    shop: await db.select().from(shops).where(inArray(shops.id, shopIds)),
    slugs: await db.select().from(shopSlugHistory).where(inArray(shopSlugHistory.shopId, shopIds)),
    banners: await db
      .select()
      .from(shopBanners)
      .where(inArray(shopBanners.shopId, shopIds))
      .orderBy(shopBanners.id),
    products: await db.select().from(shopProducts).where(inArray(shopProducts.shopId, shopIds)),
    variantPrices: await db
      .select()
      .from(shopVariantPrices)
      .where(inArray(shopVariantPrices.shopId, shopIds))
      .orderBy(shopVariantPrices.variantId),
    categories: await db.select().from(shopCategories).where(inArray(shopCategories.shopId, shopIds)),
    categoryPrices: await db
      .select()
      .from(shopCategoryPrices)
      .where(inArray(shopCategoryPrices.shopId, shopIds)),
    orders: orderRows,
    items: await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          orderRows.map((o) => o.id),
        ),
      )
      .orderBy(orderItems.id),
    purchases: await db.select().from(orderPurchases).where(eq(orderPurchases.ownerUserId, A.userId)),
    ledger: await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, A.userId))
      .orderBy(ledgerEntries.id),
    payouts: await db.select().from(payouts).where(eq(payouts.userId, A.userId)),
    files: await db.select().from(files).where(eq(files.ownerUserId, A.userId)),
    bindings: await db.select().from(paypalBindings).where(eq(paypalBindings.userId, A.userId)),
    discounts: await db
      .select()
      .from(discountCodes)
      .where(inArray(discountCodes.shopId, shopIds))
      .orderBy(discountCodes.id),
    subscribers: await db
      .select()
      .from(marketingConsents)
      .where(inArray(marketingConsents.shopId, shopIds))
      .orderBy(marketingConsents.id),
    mailSettings: await db.select().from(creatorMailSettings).where(eq(creatorMailSettings.userId, A.userId)),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  const db = ctx.database.db;
  productIds = [
    await addProductOnSale(db, { category: 'Iso Mugs', title: 'Iso Mug', costMinor: 1000, stock: 100 }),
    await addProductOnSale(db, { category: 'Iso Caps', title: 'Iso Cap', costMinor: 800, stock: 100 }),
  ];
  A = await kit.creator('alpha', { email: 'alpha-paypal-mark@example.com' });
  B = await kit.creator('bravo', { email: 'bravo-paypal@example.com' });
  await db.update(users).set({ email: 'alpha-user-mark@example.com' }).where(eq(users.id, A.userId));

  for (const [who, tag] of [
    [A, 'ALPHA'],
    [B, 'BRAVO'],
  ] as const) {
    const slug = `iso-${tag.toLowerCase()}-shop`;
    await okAs(who, 'PUT', '/api/v1/shop', {
      name: `${tag} Secret Shop`,
      slug,
      description: `${tag}-DESC-MARK`,
    });
    const image = await sampleImage.png();
    const upload = multipartFile(image, { filename: 'banner.png', type: 'image/png' });
    const uploaded = await as(who, 'POST', '/api/v1/files?purpose=banner', upload.payload, upload.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<{ data: { id: string; url: string } }>().data;
    const bannerIds = [];
    for (const n of [1, 2]) {
      const banner = await okAs<{ id: string }>(who, 'POST', '/api/v1/shop/banners', {
        imageUrl: file.url,
        linkUrl: `/${tag.toLowerCase()}-link-${n}`,
        title: `${tag}-BANNER-MARK-${n}`,
      });
      bannerIds.push(banner.id);
    }
    await okAs(who, 'PUT', '/api/v1/pricing', {
      defaultPercentage: who === A ? 170 : 130,
      products: [
        { productId: String(productIds[0]), overridePriceMinor: who === A ? 4321 : 3000, visible: 1 },
      ],
    });
    await okAs(who, 'PUT', '/api/v1/shop/products/visibility', {
      productIds: [String(productIds[1])],
      visible: 0,
    });
    await okAs(who, 'PUT', '/api/v1/payouts/settings', { autoPayout: who === A });
    const orderNos = [
      await buyerOrder(slug, `${tag.toLowerCase()}-buyer-mark@example.com`, true),
      await buyerOrder(slug, `${tag.toLowerCase()}-buyer-mark@example.com`, true),
    ];
    const unpaid = await buyerOrder(slug, `${tag.toLowerCase()}-buyer-mark@example.com`, false);
    const purchase = await okAs<{ id: string }>(who, 'POST', '/api/v1/orders/purchases', {
      orderNos: [unpaid],
      payKey: `iso-pay-key-${tag}-0000`,
    });
    const { authorizeUrl } = await okAs<{ authorizeUrl: string }>(who, 'POST', '/api/v1/shop/paypal/connect');
    const state = new URLSearchParams(authorizeUrl.split('?')[1]).get('state') ?? '';
    // A sale out of its hold, then a withdrawal of it.
    await kit.sale(who, 2_500);
    const payout = await okAs<{ id: string }>(who, 'POST', '/api/v1/payouts', {
      currencyCode: 'USD',
      requestKey: newKey(),
    });
    if (who === A) {
      Object.assign(a, {
        orderNos,
        unpaidOrderNo: unpaid,
        purchaseId: purchase.id,
        fileId: file.id,
        fileUrl: file.url,
        bannerIds,
        payoutId: payout.id,
        bindingState: state,
      });
    }
  }
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.id, productIds[0] ?? 0));
  ids.productCategory = product?.categoryId ?? 0;
  ids.topCategories = (await db.select().from(categories).where(eq(categories.parentId, 0))).map((c) => c.id);
  a.categoryId = String(ids.topCategories[0]);
  // A's own order of categories and products, and a category price: rows B must not move.
  await okAs(A, 'PUT', '/api/v1/shop/categories/order', {
    parentId: '0',
    categoryIds: ids.topCategories.map(String),
  });
  await okAs(A, 'PUT', '/api/v1/shop/products/order', {
    categoryId: String(ids.productCategory),
    productIds: [String(productIds[0])],
  });
  await okAs(A, 'PUT', '/api/v1/pricing', { categories: [{ categoryId: a.categoryId, percentage: 180 }] });
  // A's own price and "compare at" for the variant of its first product (decision 0055).
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productIds[0] ?? 0));
  a.variantId = String(variant?.id ?? 0);
  await okAs(A, 'PUT', '/api/v1/pricing', {
    products: [
      {
        productId: String(productIds[0]),
        compareAtMinor: 9876,
        variants: [{ variantId: a.variantId, priceMinor: 4567, compareAtMinor: 8765 }],
      },
    ],
  });
  // A's discount code for its first product: B can neither see, change, pause nor delete it.
  const code = await okAs<{ id: string }>(A, 'POST', '/api/v1/discounts', {
    code: 'ALPHA-CODE-MARK',
    kind: 'amount',
    amountMinor: 100,
    minOrderMinor: null,
    startsOn: null,
    endsOn: null,
    maxUses: 5,
    maxUsesPerEmail: null,
    productIds: [String(productIds[0])],
  });
  a.discountId = code.id;
  // A's mail settings (issue 35): B reads its own and writes its own, never A's row.
  await okAs(A, 'PUT', '/api/v1/creator-mails/settings', { sales: 'digest', payouts: false, refunds: true });
  marks.push(
    'ALPHA-CODE-MARK',
    'ALPHA',
    'alpha-',
    'iso-alpha',
    'alpha-paypal-mark',
    'alpha-user-mark',
    ...a.orderNos,
    a.unpaidOrderNo,
    a.fileId,
    a.fileUrl,
    a.bindingState,
  );

  // A notice for A alone (issue 19): B reads, counts and marks only B's own.
  const operator = await operatorWith(ctx, 'iso-notices', ['sys:notice:add', 'sys:notice:publish']);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/notices',
    headers: { authorization: `Bearer ${operator}` },
    payload: {
      title: 'ALPHA notice',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'For alpha' }] }],
      },
      type: '1',
      level: 'L',
      targetType: 2,
      targetUserIds: [String(A.userId)],
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  a.noticeId = made.json<{ data: { id: string } }>().data.id;
  const published = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/notices/${a.noticeId}/publish`,
    headers: { authorization: `Bearer ${operator}` },
  });
  expect(published.statusCode, published.body).toBe(200);
});

afterAll(async () => {
  recordFigures('tenant-isolation', {
    signedInRoutes: signedInOnly.length,
    creatorScopedCases: Object.keys(CASES).length,
    notCreatorScoped: NOT_CREATOR_SCOPED.size,
    casesRun: casesRun.length,
    requests,
    answersByStatus: statuses,
  });
  await ctx.close();
});

/** B's answer refuses: 4xx (404 for ids that are not B's, 403/409/400 otherwise). */
function refused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
}
/** Lists B reads with A's ids as filters: answered (or refused), never with A's rows (checked by `as`). */
/** The profit of a creator's orders paid (since `since`), from the orders themselves. */
async function paidProfit(who: Creator, since = new Date(0)): Promise<number> {
  const rows = await ctx.database.db
    .select({ profit: orders.profitMinor })
    .from(orders)
    .where(and(eq(orders.ownerUserId, who.userId), gte(orders.paidAt, since)));
  return rows.reduce((n, row) => n + row.profit, 0);
}

/** The dashboard's "year" in UTC: the first day of the month eleven months ago. */
function yearChartStart(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
}

async function listings(urls: string[]) {
  for (const url of urls) await as(B, 'GET', url);
}

/** An export's rows as text: a workbook is zipped, so its bytes alone would hide a leak. */
async function exportRows(res: LightMyRequestResponse, format: 'csv' | 'xlsx'): Promise<string[]> {
  if (format === 'csv') return res.body.split('\r\n').filter((line) => line !== '');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const rows: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((cell) => cells.push(cell.text));
    rows.push(cells.join(','));
  });
  return rows;
}

/**
 * B's export (both files) with A's ids and words as filters: B's own rows, as many as `ownRows`,
 * none of A's marks in any cell.
 */
async function exportsOfB(url: string, ownRows: number): Promise<string[]> {
  const all: string[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const res = await as(B, 'GET', `${url}&format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = await exportRows(res, format);
    expect(marks.filter((mark) => rows.some((row) => row.includes(mark)))).toEqual([]);
    expect(rows).toHaveLength(ownRows);
    all.push(...rows);
  }
  return all;
}

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);
const foreign = () => ({
  id: String(A.userId),
  userId: String(A.userId),
  ownerUserId: A.userId,
  shopId: String(A.shopId),
});

/** A discount code's body as B sends it: B's whole shop, 5 % off. */
const discountBody = (code: string) => ({
  code,
  kind: 'percent',
  percent: 5,
  minOrderMinor: null,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  maxUsesPerEmail: null,
  productIds: null,
});

/** A's unread notices, as A's bell counts them. */
const unreadOfA = async () => (await okAs<{ count: number }>(A, 'GET', '/api/v1/notices/unread-count')).count;

/**
 * One case per creator-scoped route: B's attempts with A's ids. The reads are checked for A's
 * marks on every answer; the writes by comparing A's rows around each case.
 */
const CASES: Record<string, () => Promise<void>> = {
  'GET /api/v1/notices/:id/detail': async () => {
    expect((await as(B, 'GET', `/api/v1/notices/${a.noticeId}/detail`)).statusCode).toBe(404);
    expect(await unreadOfA()).toBe(1);
  },
  'GET /api/v1/notices/my-page': async () => {
    const page = await okAs<{ list: { id: string }[] }>(
      B,
      'GET',
      '/api/v1/notices/my-page?pageNum=1&pageSize=50',
    );
    expect(page.list.map((n) => n.id)).not.toContain(a.noticeId);
  },
  'GET /api/v1/notices/unread-count': async () => {
    expect((await okAs<{ count: number }>(B, 'GET', '/api/v1/notices/unread-count')).count).toBe(0);
    expect(await unreadOfA()).toBe(1);
  },
  'PUT /api/v1/notices/read-all': async () => {
    await okAs(B, 'PUT', '/api/v1/notices/read-all');
    expect(await unreadOfA()).toBe(1);
  },
  'GET /api/v1/orders': async () => {
    // A cursor that names A's newest order: the keyset still runs over B's orders only.
    const [newest] = await ctx.database.db
      .select({ id: orders.id, at: orders.createdAt })
      .from(orders)
      .where(eq(orders.ownerUserId, A.userId))
      .orderBy(desc(orders.id))
      .limit(1);
    const cursor = encodeCursor({
      at: new Date((newest?.at.getTime() ?? 0) + 1000).toISOString(),
      id: (newest?.id ?? 0) + 1,
    });
    await listings([`/api/v1/orders?cursor=${cursor}&pageSize=50`]);
    await listings([
      '/api/v1/orders',
      `/api/v1/orders?keywords=${a.orderNos[0]}`,
      `/api/v1/orders?keywords=Iso&shopId=${A.shopId}&userId=${A.userId}`,
      `/api/v1/orders?from=${yearAgo}&to=${today}&status=1`,
    ]);
  },
  'GET /api/v1/orders/export': async () => {
    const mine = await okAs<TCreatorOrderPage>(B, 'GET', '/api/v1/orders?pageSize=50&keywords=Iso');
    const rows = await exportsOfB(
      `/api/v1/orders/export?userId=${A.userId}&shopId=${A.shopId}&ownerUserId=${A.userId}&keywords=Iso`,
      mine.total,
    );
    for (const order of mine.list) expect(rows.some((row) => row.startsWith(order.orderNo))).toBe(true);
  },
  'GET /api/v1/orders/:orderNo': async () => {
    for (const no of [...a.orderNos, a.unpaidOrderNo]) {
      const res = await as(B, 'GET', `/api/v1/orders/${no}`);
      expect(res.statusCode, res.body).toBe(404);
    }
  },
  'GET /api/v1/cases/by-order/:orderNo': async () => {
    // The cases of A's orders (issue 35) are A's: B hears of none, as of orders that do not exist.
    for (const no of [...a.orderNos, a.unpaidOrderNo]) {
      const res = await as(B, 'GET', `/api/v1/cases/by-order/${no}`);
      expect(res.statusCode, res.body).toBe(404);
    }
    const [own] = await ctx.database.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.ownerUserId, B.userId))
      .limit(1);
    expect(await okAs(B, 'GET', `/api/v1/cases/by-order/${own?.orderNo ?? ''}`)).toEqual([]);
  },
  'GET /api/v1/orders/purchases/:id': async () => {
    expect((await as(B, 'GET', `/api/v1/orders/purchases/${a.purchaseId}`)).statusCode).toBe(404);
  },
  'POST /api/v1/orders/purchases': async () => {
    refused(
      await as(B, 'POST', '/api/v1/orders/purchases', {
        orderNos: [a.unpaidOrderNo],
        payKey: 'iso-pay-key-bravo-steal',
      }),
      'pay for A’s order',
    );
    refused(
      await as(B, 'POST', '/api/v1/orders/purchases', {
        orderNos: [a.unpaidOrderNo],
        payKey: 'iso-pay-key-ALPHA-0000',
      }),
      'A’s pay key',
    );
    // B's own unpaid order under A's pay key: B's own purchase (keys are per creator), never A's.
    const own = await buyerOrder('iso-bravo-shop', 'bravo-buyer-mark@example.com', false);
    const res = await as(B, 'POST', '/api/v1/orders/purchases', {
      orderNos: [own],
      payKey: 'iso-pay-key-ALPHA-0000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { id: string } }>().data.id).not.toBe(a.purchaseId);
  },
  'POST /api/v1/orders/purchases/:id/capture': async () => {
    expect((await as(B, 'POST', `/api/v1/orders/purchases/${a.purchaseId}/capture`)).statusCode).toBe(404);
  },
  'GET /api/v1/dashboard': async () => {
    // Figures, not marks: B's cards are B's own paid orders, whatever ids B adds, and not A's.
    const [mine, theirs] = await Promise.all([paidProfit(B), paidProfit(A)]);
    expect(theirs).not.toBe(mine);
    const res = await okAs<{ earnings: { total: number } }>(
      B,
      'GET',
      `/api/v1/dashboard?tz=UTC&userId=${A.userId}&shopId=${A.shopId}`,
    );
    expect(res.earnings.total).toBe(mine);
  },
  'GET /api/v1/dashboard/series': async () => {
    const [mine, theirs] = await Promise.all([
      paidProfit(B, yearChartStart()),
      paidProfit(A, yearChartStart()),
    ]);
    expect(theirs).not.toBe(mine);
    const res = await okAs<{ points: { value: number }[] }>(
      B,
      'GET',
      `/api/v1/dashboard/series?series=earnings&range=year&tz=UTC&userId=${A.userId}&shopId=${A.shopId}`,
    );
    expect(res.points.reduce((n, point) => n + point.value, 0)).toBe(mine);
  },
  'GET /api/v1/dashboard/sources': async () => {
    const [mine, theirs] = await Promise.all([
      paidProfit(B, yearChartStart()),
      paidProfit(A, yearChartStart()),
    ]);
    expect(theirs).not.toBe(mine);
    const res = await okAs<{ sources: { earnings: number }[] }>(
      B,
      'GET',
      `/api/v1/dashboard/sources?by=user_source&range=year&tz=UTC&userId=${A.userId}&shopId=${A.shopId}`,
    );
    expect(res.sources.reduce((n, source) => n + source.earnings, 0)).toBe(mine);
  },
  'GET /api/v1/dashboard/products': async () => {
    // B's top products are from B's orders only: none of A's sales figures.
    const res = await okAs<{ products: { sales: number }[] }>(
      B,
      'GET',
      `/api/v1/dashboard/products?by=revenue&range=year&tz=UTC&userId=${A.userId}&shopId=${A.shopId}`,
    );
    const mine = await ctx.database.db
      .select({ total: orders.totalMinor })
      .from(orders)
      .where(and(eq(orders.ownerUserId, B.userId), gte(orders.paidAt, yearChartStart())));
    expect(res.products.reduce((n, p) => n + p.sales, 0)).toBeLessThanOrEqual(
      mine.reduce((n, row) => n + row.total, 0),
    );
  },
  'GET /api/v1/dashboard/products/:productId/variants': async () => {
    // A product both sell: B's split is B's own units of it, whatever ids B adds, never A's.
    const unitsOf = async (who: Creator) => {
      const rows = await ctx.database.db
        .select({ quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orders.ownerUserId, who.userId),
            eq(orderItems.productId, productIds[0] ?? 0),
            gte(orders.paidAt, yearChartStart()),
          ),
        );
      return rows.reduce((n, row) => n + row.quantity, 0);
    };
    const [mine, theirs] = await Promise.all([unitsOf(B), unitsOf(A)]);
    expect(theirs, 'A sold the product').toBeGreaterThan(0);
    const res = await okAs<{ variants: { units: number }[] }>(
      B,
      'GET',
      `/api/v1/dashboard/products/${productIds[0]}/variants?range=year&tz=UTC&userId=${A.userId}&shopId=${A.shopId}`,
    );
    expect(res.variants.reduce((n, v) => n + v.units, 0)).toBeLessThanOrEqual(mine);
    if (mine === 0) expect(res.variants).toEqual([]);
  },
  'PUT /api/v1/users/me/time-zone': async () => {
    // Only the caller's own profile: A's row is compared around the case.
    await as(B, 'PUT', '/api/v1/users/me/time-zone', { timeZone: 'Asia/Kolkata', ...foreign() });
    await as(B, 'PUT', '/api/v1/users/me/time-zone', { timeZone: null, ...foreign() });
  },
  'GET /api/v1/earnings': () => listings([`/api/v1/earnings?userId=${A.userId}&shopId=${A.shopId}`]),
  'GET /api/v1/earnings/daily': () =>
    listings([`/api/v1/earnings/daily?from=${yearAgo}&to=${today}&userId=${A.userId}`]),
  'GET /api/v1/earnings/entries': () =>
    listings(['/api/v1/earnings/entries', `/api/v1/earnings/entries?userId=${A.userId}&pageSize=100`]),
  'GET /api/v1/earnings/entries/export': async () => {
    const mine = await okAs<TLedgerEntryPage>(B, 'GET', '/api/v1/earnings/entries?pageSize=100');
    await exportsOfB(`/api/v1/earnings/entries/export?userId=${A.userId}&shopId=${A.shopId}`, mine.total);
  },
  'GET /api/v1/payouts': () =>
    listings(['/api/v1/payouts', `/api/v1/payouts?userId=${A.userId}&id=${a.payoutId}`]),
  'GET /api/v1/payouts/pending-sales': () =>
    listings(['/api/v1/payouts/pending-sales', `/api/v1/payouts/pending-sales?userId=${A.userId}`]),
  'POST /api/v1/payouts': async () => {
    // B has nothing left to withdraw; A's balance must not be B's to take.
    refused(
      await as(B, 'POST', '/api/v1/payouts', { currencyCode: 'USD', requestKey: newKey(), ...foreign() }),
      'withdraw with A’s ids',
    );
  },
  'PUT /api/v1/payouts/settings': async () => {
    await as(B, 'PUT', '/api/v1/payouts/settings', { autoPayout: false, ...foreign() });
  },
  'GET /api/v1/creator-mails/settings': async () => {
    const mine = await okAs<TCreatorMailSettings>(
      B,
      'GET',
      `/api/v1/creator-mails/settings?userId=${A.userId}&shopId=${A.shopId}`,
    );
    // B's own settings (the defaults, or what B saved), never A's digest without payout mails.
    expect(mine).not.toMatchObject({ sales: 'digest', payouts: false });
  },
  'PUT /api/v1/creator-mails/settings': async () => {
    const res = await as(B, 'PUT', `/api/v1/creator-mails/settings?userId=${A.userId}`, {
      sales: 'off',
      payouts: true,
      refunds: false,
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  'GET /api/v1/discounts': () =>
    listings([
      '/api/v1/discounts',
      `/api/v1/discounts?keywords=ALPHA&shopId=${A.shopId}&userId=${A.userId}&pageSize=100`,
    ]),
  'POST /api/v1/discounts': async () => {
    // A's shop and user ids in the body are ignored: the code lands in B's shop, A's rows stay.
    const mine = await as(B, 'POST', '/api/v1/discounts', {
      ...discountBody('BRAVO-OWN'),
      ...foreign(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
  },
  'PUT /api/v1/discounts/:id': async () => {
    const res = await as(B, 'PUT', `/api/v1/discounts/${a.discountId}`, {
      ...discountBody('BRAVO-STOLEN'),
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(404);
  },
  'PUT /api/v1/discounts/:id/paused': async () => {
    const res = await as(B, 'PUT', `/api/v1/discounts/${a.discountId}/paused`, {
      paused: true,
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(404);
  },
  'DELETE /api/v1/discounts/:id': async () => {
    expect((await as(B, 'DELETE', `/api/v1/discounts/${a.discountId}`)).statusCode).toBe(404);
  },
  'GET /api/v1/marketing/subscribers': async () => {
    await listings([`/api/v1/marketing/subscribers?shopId=${A.shopId}&userId=${A.userId}&pageSize=100`]);
    // B's own subscriber is there (the control): the list is B's, not empty by accident.
    const mine = await okAs<{ list: { email: string }[] }>(B, 'GET', '/api/v1/marketing/subscribers');
    expect(mine.list.map((row) => row.email)).toEqual(['bravo-buyer-mark@example.com']);
  },
  'GET /api/v1/marketing/subscribers/export': async () => {
    const res = await as(
      B,
      'GET',
      `/api/v1/marketing/subscribers/export?shopId=${A.shopId}&userId=${A.userId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = await exportRows(res, 'csv');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('bravo-buyer-mark@example.com');
  },
  'GET /api/v1/pricing/settings': () => listings([`/api/v1/pricing/settings?shopId=${A.shopId}`]),
  'GET /api/v1/pricing/products': () =>
    listings(['/api/v1/pricing/products', `/api/v1/pricing/products?shopId=${A.shopId}&pageSize=100`]),
  'PUT /api/v1/pricing': async () => {
    await as(B, 'PUT', '/api/v1/pricing', {
      defaultPercentage: 110,
      products: [{ productId: String(productIds[0]), overridePriceMinor: 1111, visible: 0 }],
      categories: [{ categoryId: a.categoryId, percentage: 101 }],
      ...foreign(),
    });
    // Prices for the variant A priced: written as B's own, A's stay.
    const res = await as(B, 'PUT', '/api/v1/pricing', {
      products: [
        {
          productId: String(productIds[0]),
          compareAtMinor: 2000,
          variants: [{ variantId: a.variantId, priceMinor: 1200, compareAtMinor: 2222 }],
        },
      ],
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  'GET /api/v1/shop': () => listings([`/api/v1/shop?id=${A.shopId}&userId=${A.userId}`]),
  'POST /api/v1/shop': async () => {
    refused(await as(B, 'POST', '/api/v1/shop', { name: 'Taken', slug: 'iso-alpha-shop' }), 'A’s slug');
    refused(
      await as(B, 'POST', '/api/v1/shop', { name: 'Second', slug: 'iso-bravo-two', ...foreign() }),
      'second shop',
    );
  },
  'PUT /api/v1/shop': async () => {
    refused(await as(B, 'PUT', '/api/v1/shop', { slug: 'iso-alpha-shop' }), 'A’s slug');
    await as(B, 'PUT', '/api/v1/shop', { name: 'Bravo renamed', ...foreign() });
  },
  'POST /api/v1/shop/shared': async () => {
    await as(B, 'POST', '/api/v1/shop/shared', foreign());
  },
  'POST /api/v1/shop/prices/kept': async () => {
    await as(B, 'POST', '/api/v1/shop/prices/kept', foreign());
  },
  // Whether a name is free is public (the shop page answers it); A's ids as filters change nothing.
  'GET /api/v1/shop/slug-check': () =>
    listings([`/api/v1/shop/slug-check?slug=bravo-next&shopId=${A.shopId}&userId=${A.userId}`]),
  'GET /api/v1/shop/banners': () => listings([`/api/v1/shop/banners?shopId=${A.shopId}`]),
  'POST /api/v1/shop/banners': async () => {
    await as(B, 'POST', '/api/v1/shop/banners', {
      imageUrl: '/files/x.png',
      title: 'bravo extra',
      ...foreign(),
    });
  },
  'PUT /api/v1/shop/banners/:id': async () => {
    for (const id of a.bannerIds) {
      const res = await as(B, 'PUT', `/api/v1/shop/banners/${id}`, {
        imageUrl: '/files/x.png',
        title: 'taken',
      });
      expect(res.statusCode, res.body).toBe(404);
    }
  },
  'DELETE /api/v1/shop/banners/:id': async () => {
    for (const id of a.bannerIds) {
      expect((await as(B, 'DELETE', `/api/v1/shop/banners/${id}`)).statusCode).toBe(404);
    }
  },
  'PUT /api/v1/shop/banners/order': async () => {
    refused(
      await as(B, 'PUT', '/api/v1/shop/banners/order', { ids: [...a.bannerIds].reverse() }),
      'A’s banners',
    );
  },
  'GET /api/v1/shop/products': () =>
    listings(['/api/v1/shop/products', `/api/v1/shop/products?shopId=${A.shopId}&visible=0`]),
  'GET /api/v1/shop/products/:id': async () => {
    await as(B, 'GET', `/api/v1/shop/products/${productIds[0]}?shopId=${A.shopId}`);
  },
  'GET /api/v1/shop/products/:id/variants': async () => {
    const res = await as(
      B,
      'GET',
      `/api/v1/shop/products/${productIds[0]}/variants?shopId=${A.shopId}&userId=${A.userId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // B's own prices (or none), never the ones A typed.
    const [variant] = res.json<{ data: TShopProductVariants }>().data.variants;
    expect([variant?.priceMinor, variant?.compareAtMinor]).not.toContain(4567);
    expect([variant?.priceMinor, variant?.compareAtMinor]).not.toContain(8765);
    expect(variant?.shownCompareAtMinor).not.toBe(8765);
  },
  'PUT /api/v1/shop/products/order': async () => {
    // A valid order (every product of the category once), so the write happens — to B's rows.
    const res = await as(B, 'PUT', '/api/v1/shop/products/order', {
      categoryId: String(ids.productCategory),
      productIds: [String(productIds[0])],
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  'PUT /api/v1/shop/products/visibility': async () => {
    await as(B, 'PUT', '/api/v1/shop/products/visibility', {
      productIds: productIds.map(String),
      visible: 1,
      ...foreign(),
    });
  },
  'PUT /api/v1/shop/categories/order': async () => {
    const res = await as(B, 'PUT', '/api/v1/shop/categories/order', {
      parentId: '0',
      categoryIds: ids.topCategories.map(String).reverse(),
      ...foreign(),
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  'POST /api/v1/shop/paypal/connect': async () => {
    await as(B, 'POST', '/api/v1/shop/paypal/connect', foreign());
  },
  'DELETE /api/v1/shop/paypal': async () => {
    await as(B, 'DELETE', `/api/v1/shop/paypal?shopId=${A.shopId}&userId=${A.userId}`);
  },
  'GET /api/v1/shop/paypal/result/:state': async () => {
    const res = await as(B, 'GET', `/api/v1/shop/paypal/result/${a.bindingState}`);
    // Not A's outcome: unknown to B (404, or an answer that says the link is no live attempt of B's).
    if (res.statusCode === 200) expect(res.json<{ data: { outcome: string } }>().data.outcome).toBe('failed');
  },
  'GET /api/v1/shop/paypal/sandbox/:state': async () => {
    refused(await as(B, 'GET', `/api/v1/shop/paypal/sandbox/${a.bindingState}`), 'A’s consent page');
  },
  'POST /api/v1/shop/paypal/sandbox/:state': async () => {
    const res = await as(B, 'POST', `/api/v1/shop/paypal/sandbox/${a.bindingState}`, {
      decision: 'agree',
      email: 'bravo-steals@example.com',
    });
    if (res.statusCode === 200) {
      expect(JSON.stringify(res.json())).not.toContain('bound');
    }
    await as(B, 'POST', `/api/v1/shop/paypal/sandbox/${a.bindingState}`, { decision: 'cancel' });
  },
  'POST /api/v1/files': async () => {
    const upload = multipartFile(await sampleImage.png(), { filename: 'x.png', type: 'image/png' });
    await as(B, 'POST', `/api/v1/files?purpose=banner&userId=${A.userId}`, upload.payload, upload.headers);
  },
  'DELETE /api/v1/files/:id': async () => {
    expect((await as(B, 'DELETE', `/api/v1/files/${a.fileId}`)).statusCode).toBe(404);
  },
  'GET /api/v1/users/me': () => listings([`/api/v1/users/me?id=${A.userId}`]),
  'GET /api/v1/users/profile': () => listings([`/api/v1/users/profile?id=${A.userId}&userId=${A.userId}`]),
  'GET /api/v1/users/options': () => listings(['/api/v1/users/options']),
  'POST /api/businessGetInfo': async () => {
    await as(B, 'POST', `/api/businessGetInfo?email=alpha-user-mark@example.com`, {
      email: 'alpha-user-mark@example.com',
      ...foreign(),
    });
  },
  'PUT /api/v1/users/profile': async () => {
    await as(B, 'PUT', '/api/v1/users/profile', { nickname: 'bravo', ...foreign() });
  },
  'PUT /api/v1/users/password': async () => {
    await as(B, 'PUT', '/api/v1/users/password', {
      oldPassword: 'Payouts-test-pw-1',
      newPassword: 'Bravo-new-pw-123',
      ...foreign(),
    });
  },
  'POST /api/v1/users/email/code': async () => {
    await as(B, 'POST', '/api/v1/users/email/code', { email: 'alpha-user-mark@example.com', ...foreign() });
  },
  'PUT /api/v1/users/email': async () => {
    refused(
      await as(B, 'PUT', '/api/v1/users/email', {
        email: 'alpha-user-mark@example.com',
        code: '123456',
        ...foreign(),
      }),
      'A’s email with a guessed code',
    );
  },
  'PUT /api/v1/users/me/country': async () => {
    await as(B, 'PUT', '/api/v1/users/me/country', { countryId: 'BR', ...foreign() });
  },
};

describe('tenant isolation', () => {
  it('every signed-in route has an isolation case or is named as not creator-scoped', () => {
    const missing = signedInOnly.filter((key) => !(key in CASES) && !NOT_CREATOR_SCOPED.has(key));
    expect(missing).toEqual([]);
    const stale = [...Object.keys(CASES), ...NOT_CREATOR_SCOPED].filter((key) => !signedInOnly.includes(key));
    expect(stale).toEqual([]);
    expect(Object.keys(CASES).length).toBeGreaterThan(35);
  });

  it('A’s data is there and B can see its own (the control)', async () => {
    const mine = await rowsOfA();
    // Two paid through the sandbox checkout, one unpaid (its purchase started), the withdrawn sale.
    expect(mine.orders.length).toBe(4);
    expect(mine.banners.length).toBe(2);
    expect(mine.payouts.length).toBe(1);
    expect(mine.purchases.length).toBe(1);
    expect(mine.files.length).toBe(1);
    expect(mine.bindings.length).toBe(1);
    expect(mine.categories.length).toBeGreaterThan(1);
    expect(mine.categoryPrices.length).toBe(1);
    // A reads its own rows with the same calls B makes: the marks do show there.
    const own = await as(A, 'GET', '/api/v1/orders');
    expect(own.body).toContain(a.orderNos[0]);
    const banners = await as(A, 'GET', '/api/v1/shop/banners');
    expect(banners.body).toContain('ALPHA-BANNER-MARK-1');
    const bList = await as(B, 'GET', '/api/v1/orders');
    expect(bList.json<{ data: { list: unknown[] } }>().data.list.length).toBe(4);
  });

  for (const key of Object.keys(CASES)) {
    it(`${key}: B with A's ids reads and writes nothing of A's`, async () => {
      const before = await rowsOfA();
      await CASES[key]?.();
      casesRun.push(key);
      expect(await rowsOfA()).toEqual(before);
    });
  }
});
