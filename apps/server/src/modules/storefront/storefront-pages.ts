import {
  docToPlainText,
  INFO_PAGE_KEYS,
  normalizeLanguage,
  ZShopSlug,
  type TLanguage,
  type TStorefrontBoot,
  type TStorefrontPage,
  type TStorefrontProductDetail,
} from '@linkstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config/config';
import { encodedBody } from '../../platform/http/compression';
import { translate } from '../../platform/i18n/translate';
import { shopLinkFor } from '../shops/shops.api';
import {
  absoluteUrl,
  compileTemplate,
  fallbackHtml,
  metaDescription,
  prepareHtml,
  readBuiltTemplate,
  renderNotFound,
  renderPage,
  type PageMeta,
  type PreparedHtml,
  type StorefrontTemplate,
} from './storefront-html';
import { createTtlCache, type TtlCache } from '../../platform/cache/ttl-cache';
import { PUBLIC_CACHE_CONTROL } from '../../platform/http/answer-cache';
import { isSuspended, type StorefrontService } from './storefront.service';
import { loadRenderer, type FirstScreen, type StorefrontRenderer } from './storefront-ssr';

const open = { public: true } as const;
const PRODUCT_PATH = /^p\/([1-9]\d{0,14})$/;
/** "Find my order": the order number and address, for the order's link to be mailed again. */
const FIND_ORDER_PAGE = 'orders/find';
/** The shop's own pages, and the platform's information pages shown inside every shop. */
const SHOP_PAGES = new Set([
  '',
  'cart',
  'checkout',
  FIND_ORDER_PAGE,
  ...INFO_PAGE_KEYS.map((page) => `info/${page}`),
]);
/** A review link's page (`review/<token>`): the shop's page around it; the app reads the token. */
const REVIEW_PATH = /^review\/[A-Za-z0-9_-]{1,100}$/;
/**
 * An order link's page (`order/<token>`, the token as the contract's ZOrderLinkToken): the shop's
 * page around it; the app reads the token and asks for the order.
 */
const ORDER_PATH = /^order\/[A-Za-z0-9_-]{4,40}\.[A-Za-z0-9_-]{20,64}$/;
/**
 * An order link is a key to the order: its page is kept by no shared cache (a CDN would keep
 * one copy per token, under the token), only by the buyer's browser, which asks again each time.
 */
const ORDER_CACHE_CONTROL = 'private, no-cache';

/** The buyer's own pages, which no search engine should list: an order's, and Find my order. */
function buyerPage(rest: string): 'order' | 'findOrder' | null {
  if (ORDER_PATH.test(rest)) return 'order';
  return rest === FIND_ORDER_PAGE ? 'findOrder' : null;
}

/** `<slug>.<base>` with an optional port, as the Host header carries it. */
export function shopHostPattern(baseDomain: string): RegExp {
  return new RegExp(`^([a-z0-9]+(?:-[a-z0-9]+)*)\\.${baseDomain.replace(/\./g, '\\.')}(?::\\d+)?$`, 'i');
}

/** A shared link's `?lang=` (as the storefront app reads it), else the request's language. */
function pageLanguage(request: FastifyRequest): TLanguage {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  return typeof asked === 'string' && asked !== '' ? normalizeLanguage(asked) : request.lang;
}

function queryString(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index);
}

function shopMeta(config: AppConfig, page: TStorefrontPage): PageMeta {
  const { shop } = page;
  const image = absoluteUrl(config.publicUrl, shop.bannerUrl ?? shop.imageUrl);
  return {
    title: shop.name,
    description: metaDescription(shop.description || shop.name),
    imageUrl: image,
    url: shopLinkFor(config, shop.slug),
    type: 'website',
    iconUrl: absoluteUrl(config.publicUrl, shop.imageUrl),
  };
}

/** A buyer's page: named for what it is, with no canonical address, so `noindex` (renderHead). */
function buyerMeta(
  config: AppConfig,
  page: TStorefrontPage,
  lang: TLanguage,
  kind: 'order' | 'findOrder',
): PageMeta {
  const title = translate(lang, kind === 'order' ? 'storefront.orderTitle' : 'storefront.findOrderTitle', {
    shop: page.shop.name,
  });
  return { ...shopMeta(config, page), title, url: null };
}

function productMeta(config: AppConfig, page: TStorefrontPage, product: TStorefrontProductDetail): PageMeta {
  const text = docToPlainText(product.description);
  // The variant the page opens on: its own photo (a colour's) is the one the page shows first.
  const shown = product.variants.find((variant) => variant.id === product.defaultVariantId);
  return {
    title: `${product.title} · ${page.shop.name}`,
    description: metaDescription(text || product.title),
    imageUrl: absoluteUrl(config.publicUrl, shown?.imageUrl ?? product.images[0] ?? product.imageUrl),
    url: `${shopLinkFor(config, page.shop.slug)}/p/${product.id}`,
    type: 'product',
    iconUrl: absoluteUrl(config.publicUrl, page.shop.imageUrl),
  };
}

/**
 * Answers a page: a browser asks again every time (prices change) and gets a 304 when it has it,
 * a CDN may keep it as briefly as the JSON answers (decision 0031), brotli or gzip when the browser takes it (a phone on a slow network gets a fifth of
 * it), always bytes prepared once.
 */
function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PreparedHtml,
  cacheControl = PUBLIC_CACHE_CONTROL,
) {
  void reply
    .header('cache-control', cacheControl)
    // The page's language comes from ?lang= (in the URL), the lang header or Accept-Language.
    .header('vary', 'lang, accept-language, accept-encoding')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return reply.send(encodedBody(request, reply, page.bytes));
}

const NOT_FOUND = {
  shop: ['storefront.shopNotFound', 'storefront.shopNotFoundBody'],
  product: ['storefront.productNotFound', 'storefront.productNotFoundBody'],
} as const;

/** `shopPath`: the shop of a product it does not sell, linked as the way back. */
function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  what: keyof typeof NOT_FOUND,
  shopPath?: string,
) {
  const lang = pageLanguage(request);
  const [title, body] = NOT_FOUND[what];
  const link =
    shopPath === undefined
      ? undefined
      : { href: `${shopPath || '/'}?lang=${lang}`, text: translate(lang, 'storefront.backToShop') };
  const html = renderNotFound(lang, translate(lang, title), translate(lang, body), link);
  return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/** A suspended shop's pages: "unavailable for now" (409, not 404: the shop exists). */
function unavailable(request: FastifyRequest, reply: FastifyReply) {
  const lang = pageLanguage(request);
  const html = renderNotFound(
    lang,
    translate(lang, 'creators.shopSuspended'),
    translate(lang, 'creators.shopSuspendedBody'),
  );
  return reply.code(409).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/** A shop page ready to send, or why there is none. */
export type Rendered = PreparedHtml | 'no-shop' | 'no-product' | 'suspended';

interface HtmlDeps {
  config: AppConfig;
  service: StorefrontService;
  template: (lang: TLanguage) => StorefrontTemplate;
  /**
   * Rendered pages by base path, slug, language and page, reused for the storefront cache time
   * (STOREFRONT_CACHE_MS) and forgotten when what they show changes (decision 0031).
   */
  rendered: TtlCache<Rendered>;
  /** Whether the change feed listens: stored pages are used only then. */
  live: () => boolean;
  /** `/payauth` and `/payresult` by language: they hold no shop data, so they never expire. */
  paymentPages: Map<TLanguage, PreparedHtml>;
  /** The first screen's renderer (decision 0034), once loaded; undefined without a build of it. */
  renderer: Promise<StorefrontRenderer | undefined>;
  log: FastifyInstance['log'];
}

interface ShopTarget {
  slug: string;
  /** '', 'cart', 'checkout', 'p/<id>', 'review/<token>', 'order/<token>' or 'orders/find'. */
  rest: string;
  basePath: string;
  /** The address of the shop's pages under its new slug. */
  movedTo: (slug: string) => string;
}

/** The page's data (four queries; three more on a product page), tags and HTML. */
async function render(deps: HtmlDeps, target: ShopTarget, lang: TLanguage, productId: number | null) {
  const { config, service, template } = deps;
  const found = await service.findShop(target.slug);
  if (!found) return 'no-shop';
  if (isSuspended(found.shop)) return 'suspended';
  const [page, product] = await Promise.all([
    service.pageOf(found, lang),
    productId === null ? null : service.productOf(found.shop, lang, productId),
  ]);
  if (product === undefined) return 'no-product';
  const boot: TStorefrontBoot = { basePath: target.basePath, language: lang, page, product };
  const buyer = buyerPage(target.rest);
  const meta = product
    ? productMeta(config, page, product)
    : buyer
      ? buyerMeta(config, page, lang, buyer)
      : shopMeta(config, page);
  // The first screen brings its largest image's preload with it: React writes a
  // `<link rel=preload as=image imagesrcset=… fetchpriority=high>` for the image marked so.
  const screen = await firstScreen(deps, boot, pagePath(target));
  const html = renderPage(template(lang), lang, meta, boot, {
    head: screen?.head ?? '',
    root: screen?.html ?? '',
  });
  return prepareHtml(html);
}

/** The page's path as the browser shows it: `/s/<slug>/p/1`, or `/p/1` on the shop's subdomain. */
function pagePath(target: ShopTarget): string {
  return `${target.basePath}${target.rest ? `/${target.rest}` : ''}` || '/';
}

/**
 * The first screen rendered on the server, or null (no build of the server entry, a page it does
 * not render): a failure is logged and the page goes out as before, painted by the browser.
 */
async function firstScreen(deps: HtmlDeps, boot: TStorefrontBoot, path: string): Promise<FirstScreen | null> {
  const renderer = await deps.renderer;
  if (!renderer) return null;
  try {
    return await renderer(boot, path);
  } catch (error) {
    deps.log.error({ err: error, path }, 'storefront server rendering failed');
    return null;
  }
}

/** The rendered-page cache's key: base path, slug, language and page. */
function pageKey(target: ShopTarget, lang: TLanguage): string {
  // Every review link shows the same page, and so does every order link: one entry for all of
  // them, never one per token (a token stays out of every cache key).
  let rest = target.rest;
  if (REVIEW_PATH.test(rest)) rest = 'review';
  else if (ORDER_PATH.test(rest)) rest = 'order';
  return `${target.basePath}|${target.slug}|${lang}|${rest}`;
}

/** How long who may keep a shop page: an order link's page only by the buyer's browser. */
function cacheControlOf(target: ShopTarget): string {
  return ORDER_PATH.test(target.rest) ? ORDER_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
}

/**
 * The fast path: a page rendered within the cache time is sent from the route's `onRequest`
 * hook, before the rest of the request pipeline (the same pattern as the answer cache,
 * decision 0029). Only a stored page is sent — a key that was never rendered (an invalid slug
 * or page included) goes on to the handler, which validates it; the hook never starts a render.
 */
function fromRendered(deps: HtmlDeps, targetOf: (request: FastifyRequest) => ShopTarget) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const target = targetOf(request);
    const hit = deps.live() ? deps.rendered.peek(pageKey(target, pageLanguage(request))) : undefined;
    if (hit !== undefined && typeof hit !== 'string') {
      void sendHtml(request, reply, hit, cacheControlOf(target));
      return;
    }
    done();
  };
}

/**
 * A shop page with its head tags and boot data. An old slug is sent where the shop is now,
 * keeping the rest of the path and the query.
 */
async function shopPage(deps: HtmlDeps, request: FastifyRequest, reply: FastifyReply, target: ShopTarget) {
  const lang = pageLanguage(request);
  const productId = PRODUCT_PATH.exec(target.rest)?.[1];
  if (
    !ZShopSlug.safeParse(target.slug).success ||
    (!productId &&
      !SHOP_PAGES.has(target.rest) &&
      !REVIEW_PATH.test(target.rest) &&
      !ORDER_PATH.test(target.rest))
  ) {
    return notFound(request, reply, 'shop');
  }
  const key = pageKey(target, lang);
  const load = () => render(deps, target, lang, productId ? Number(productId) : null);
  // Stored pages are forgotten through the change feed: without it, every page is rendered.
  const rendered = deps.live() ? await deps.rendered.get(key, load) : await load();
  if (rendered === 'no-product') return notFound(request, reply, 'product', target.basePath);
  if (rendered === 'suspended') return unavailable(request, reply);
  if (rendered === 'no-shop') {
    const slug = await deps.service.movedTo(target.slug);
    if (!slug) return notFound(request, reply, 'shop');
    const path = target.rest ? `/${target.rest}` : '';
    return reply.redirect(`${target.movedTo(slug)}${path}${queryString(request)}`, 301);
  }
  return sendHtml(request, reply, rendered, cacheControlOf(target));
}

/** `/payauth` and `/payresult`: the storefront app without a shop, not to be indexed. */
function paymentPage(deps: HtmlDeps, request: FastifyRequest, reply: FastifyReply) {
  const lang = pageLanguage(request);
  let page = deps.paymentPages.get(lang);
  if (!page) {
    page = renderPaymentPage(deps, lang);
    deps.paymentPages.set(lang, page);
  }
  return sendHtml(request, reply, page);
}

/** The same page for every payment in a language: rendered and compressed once. */
function renderPaymentPage(deps: HtmlDeps, lang: TLanguage): PreparedHtml {
  const title = translate(lang, 'storefront.payment');
  const meta: PageMeta = {
    title,
    description: title,
    imageUrl: null,
    url: null,
    type: 'website',
    iconUrl: null,
  };
  const boot: TStorefrontBoot = { basePath: '', language: lang, page: null, product: null };
  return prepareHtml(renderPage(deps.template(lang), lang, meta, boot));
}

/** The built page, read once; without a build, a built-in one per language saying so. */
function templates(config: AppConfig): (lang: TLanguage) => StorefrontTemplate {
  const built = readBuiltTemplate(config.webDistDir);
  if (built !== undefined) {
    const compiled = compileTemplate(built);
    return () => compiled;
  }
  const byLanguage = new Map<TLanguage, StorefrontTemplate>();
  return (lang) => {
    let compiled = byLanguage.get(lang);
    if (!compiled) {
      compiled = compileTemplate(fallbackHtml(translate(lang, 'storefront.webBuildMissing')));
      byLanguage.set(lang, compiled);
    }
    return compiled;
  };
}

/** The shop pages' HTML (`/s/<slug>…`, `/payauth`, `/payresult`, and the shop subdomains). */
export function storefrontPages(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    service: StorefrontService;
    cacheMs: number;
    live: () => boolean;
    /** The first screen's renderer; by default the web build's server entry, when built. */
    renderer?: StorefrontRenderer;
  },
): { forget(slug: string): void; forgetProduct(id: string): void; clear(): void } {
  // At most ~500 pages of 15-30 KB (plus their gzipped bytes) in memory.
  const rendered = createTtlCache<Rendered>(deps.cacheMs, 500);
  htmlRoutes(app, {
    config: deps.config,
    service: deps.service,
    template: templates(deps.config),
    rendered,
    live: deps.live,
    paymentPages: new Map(),
    renderer: deps.renderer ? Promise.resolve(deps.renderer) : loadFirstScreenRenderer(app, deps.config),
    log: app.log,
  });
  return {
    // pageKey's second field is the slug.
    forget: (slug) => rendered.deleteWhere((key) => key.split('|')[1] === slug),
    // pageKey's last field is the page: `p/<id>` for a product's.
    forgetProduct: (id) => rendered.deleteWhere((key) => key.endsWith(`|p/${id}`)),
    clear: rendered.clear,
  };
}

/** The built server entry, loaded once at start; pages wait for it only until it is there. */
function loadFirstScreenRenderer(app: FastifyInstance, config: AppConfig) {
  return loadRenderer(config.webDistDir).catch((error: unknown) => {
    app.log.error({ err: error }, 'the storefront server entry could not be loaded');
    return undefined;
  });
}

function htmlRoutes(app: FastifyInstance, deps: HtmlDeps): void {
  const { config } = deps;
  const html = { config: { access: open }, schema: { hide: true } };
  /** A shop page's route: the fast path for rendered pages, then the handler. */
  const page = (targetOf: (request: FastifyRequest) => ShopTarget) => ({
    ...html,
    onRequest: fromRendered(deps, targetOf),
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      shopPage(deps, request, reply, targetOf(request)),
  });
  const onMainHost = (slug: string) => `/s/${slug}`;
  const mainHost =
    (rest: (params: Record<string, string | undefined>) => string) =>
    (request: FastifyRequest): ShopTarget => {
      const params = request.params as Record<string, string | undefined>;
      const slug = params.slug ?? '';
      return { slug, rest: rest(params), basePath: `/s/${slug}`, movedTo: onMainHost };
    };
  app.get('/s/:slug', page(mainHost(() => '')));
  app.get('/s/:slug/*', page(mainHost((params) => (params['*'] ?? '').replace(/\/$/, ''))));
  app.get('/payauth', html, (request, reply) => paymentPage(deps, request, reply));
  app.get('/payresult', html, (request, reply) => paymentPage(deps, request, reply));

  // `<slug>.<SHOP_BASE_DOMAIN>`: the same pages at the root. A host constraint, so the main
  // host's `/` (the studio and console app) is untouched.
  const base = config.shopBaseDomain;
  if (!base) return;
  const pattern = shopHostPattern(base);
  const onSubdomain = (slug: string) => `https://${slug}.${base}`;
  const subdomain =
    (rest: (request: FastifyRequest) => string) =>
    (request: FastifyRequest): ShopTarget => ({
      slug: (pattern.exec(request.headers.host ?? '')?.[1] ?? '').toLowerCase(),
      rest: rest(request),
      basePath: '',
      movedTo: onSubdomain,
    });
  const constrained = { constraints: { host: pattern } };
  app.get('/', { ...constrained, ...page(subdomain(() => '')) });
  app.get('/cart', { ...constrained, ...page(subdomain(() => 'cart')) });
  app.get('/checkout', { ...constrained, ...page(subdomain(() => 'checkout')) });
  app.get('/p/:id', {
    ...constrained,
    ...page(subdomain((request) => `p/${(request.params as { id: string }).id}`)),
  });
  // The links in buyer mails name the shop's own address (`shopLinkFor`): its subdomain when set.
  app.get('/order/:token', {
    ...constrained,
    ...page(subdomain((request) => `order/${(request.params as { token: string }).token}`)),
  });
  app.get(`/${FIND_ORDER_PAGE}`, { ...constrained, ...page(subdomain(() => FIND_ORDER_PAGE)) });
}
