import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  buyerShippingOf,
  creatorFreeShipping,
  formatMoney,
  orderTotals,
  type TFreeShipping,
  convertFromUsdMinor,
  taxSchemeFor,
  isEuMember,
  type TTaxScheme,
  shopLink,
  type TCaptureRequest,
  type TCheckoutAnswer,
  type TCheckoutQuote,
  type TLanguage,
  type TOrderReceipt,
  type TOrderTotals,
  type TShippingOption,
  type ZCheckoutQuoteRequest,
  type ZCheckoutRequest,
} from '@linkstore/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import type { RateLimiter } from '../../platform/rate-limit/limiter';
import { isUniqueViolation } from '../../platform/db/errors';
import { findVariantsOnSale, stockOf, takeStock, type VariantOnSale } from '../catalog/catalog.api';
import { insertPayment, recordWebhookEvent, setWebhookOutcome } from '../payments/payments.api';
import {
  checkDiscount,
  holdDiscount,
  recordDiscountUse,
  type DiscountApplies,
  type DiscountRefused,
} from '../discounts/discounts.api';
import { quoteShipping, shippingConfigured } from '../shipping/shipping.api';
import { recordMarketingConsent } from '../marketing/marketing.api';
import { taxRateFor, type TaxRule } from '../taxes/taxes.api';
import { currencyRateOf } from '../countries/countries.api';
import {
  findShopBySlug,
  listSellableProducts,
  ownPricesOf,
  priceInShop,
  priceVariantInShop,
  type SellableProduct,
} from '../shops/shops.api';
import {
  claimOrders,
  findOrderByCheckoutKey,
  findOrderById,
  findOrderByNo,
  findOrderByProviderOrder,
  insertOrder,
  listOrderItems,
  listStaleBuyerClaims,
  releaseClaims,
  releaseOrder,
  type CheckoutShop,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
  type OrderWithPayment,
} from './checkout.repository';
import { settleCapture, type PaymentDeps, type Settlement } from './order-payments';
import { moneyOf, shippingOf } from './order-money';
import { maskEmail } from './orders.service';

/** `app.payments` (modules/payments): the provider, reached through the decoration. */
type Payments = FastifyInstance['payments'];
type WebhookInput = Parameters<Payments['readWebhook']>[0];
type WebhookAction = NonNullable<Awaited<ReturnType<Payments['readWebhook']>>>['action'];
/** The checkout form as validated (defaults applied). */
type CheckoutForm = z.output<typeof ZCheckoutRequest>;
type QuoteForm = z.output<typeof ZCheckoutQuoteRequest>;

/** A line priced for the order, with what one unit weighs (shipping by weight). */
interface PricedLine {
  item: NewOrderItem;
  weightGrams: number;
}

/** Where an order ships, as shipping zones and tax rates read it. */
interface Destination {
  countryCode: string;
  region: string | undefined;
}

/**
 * What the order charges shipped there: the methods offered (none: nothing ships there), the one
 * chosen, the tax in force, and the totals with them.
 */
interface Charges {
  shippable: boolean;
  methods: TShippingOption[];
  method: TShippingOption | null;
  tax: TaxRule | null;
  /** EU imports: 'ioss' (VAT charged here) or 'import' (none here: paid on delivery); else null. */
  taxScheme: TTaxScheme | null;
  /** The shop's free shipping for these lines (or why not); null when it offers none. */
  freeShipping: TFreeShipping | null;
  totals: TOrderTotals;
}

/**
 * A refused code as the field error of a checkout that is placed with it anyway (the quote showed
 * the same reason), the minimum written in the buyer's language.
 */
function refusedCode(refused: DiscountRefused, language: TLanguage): AppError {
  const amount = refused.minOrderMinor === null ? '' : formatMoney(refused.minOrderMinor, 'USD', language);
  return AppError.field('discountCode', `discounts.refused.${refused.refusal}`, { amount });
}

/** Stock stays held this long for an unpaid order; then the sweep gives it back. */
const RESERVATION_MS = 30 * 60_000;
/** Per client address and window: placing orders and capturing payments. */
export const CHECKOUT_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;
export const CAPTURE_LIMIT = { max: 60, windowMs: 10 * 60_000 } as const;
/** Per client address: quotes (each change of country or method at checkout, each product page). */
export const QUOTE_LIMIT = { max: 600, windowMs: 10 * 60_000 } as const;
/**
 * Per client address, webhook deliveries: each one costs an outbound verification request, so an
 * address past this is answered 429 before any is made. Generous: PayPal sends from a few
 * addresses, spacing its retries, far below 10 a second each (one address of ours replays the
 * same event 120 times in checkout-paypal.test.ts and stays well inside).
 */
export const WEBHOOK_LIMIT = { max: 600, windowMs: 60_000 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 'LS' + yyMMdd (UTC) + '-' + 8 random base32 characters, e.g. `LS261122-K3J9Q2ZD`. */
export function newOrderNo(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const random = [...randomBytes(8)].map((byte) => BASE32[byte % 32]).join('');
  return `LS${date}-${random}`;
}

/**
 * A region as zones and rates name it: a code ("CA", "ON", "NSW") upper-cased. A region typed out
 * ("California") matches no region rule, so the country's own applies.
 */
export function regionCode(region: string | undefined): string | undefined {
  const code = region?.trim().toUpperCase();
  return code && /^[A-Z0-9]{1,3}$/.test(code) ? code : undefined;
}

/**
 * How the VAT of goods shipped to `countryCode` is paid (decision 0056): outside the EU, null;
 * inside, by the goods' value — the items less the discount, `goodsMinor` US cents — in euros at
 * the operators' rate: up to €150 'ioss', above 'import'. Without a euro rate kept the value
 * cannot be told, so it is IOSS: the VAT is charged at checkout rather than left unpaid.
 */
async function importSchemeOf(
  db: AppDatabase,
  countryCode: string,
  goodsMinor: number,
): Promise<TTaxScheme | null> {
  if (!isEuMember(countryCode)) return null;
  const euro = await currencyRateOf(db, 'EUR');
  const goodsEurMinor = euro && convertFromUsdMinor(goodsMinor, euro.ratePerUsdMicros, euro.minorDigits);
  return taxSchemeFor(countryCode, goodsEurMinor);
}

/**
 * One line at the shop's current price, as it is frozen into the order: the variant chosen, or
 * (`variant` undefined) the one the product is sold as.
 */
function priceLine(
  product: SellableProduct,
  variant: (VariantOnSale & { ownPriceMinor: number | null }) | undefined,
  quantity: number,
  shop: CheckoutShop,
): PricedLine {
  // The shop's own price for the variant wins (decision 0055); a "compare at" is never charged.
  const price = variant
    ? priceVariantInShop(
        product,
        { costMinor: variant.costMinor, ownPriceMinor: variant.ownPriceMinor },
        shop,
      )
    : priceInShop(product, shop);
  const item: NewOrderItem = {
    productId: product.id,
    variantId: variant?.id ?? product.variantId,
    sku: variant?.sku ?? product.sku,
    variantLabel: variant?.label.slice(0, 120) ?? '',
    title: product.title.slice(0, 200),
    imageUrl: variant?.imageUrl ?? product.imageUrl,
    quantity,
    platformPriceMinor: price.costMinor,
    sellingPriceMinor: price.sellingMinor,
    profitMinor: price.profitMinor,
  };
  return { item, weightGrams: variant?.weightGrams ?? product.weightGrams };
}

async function toReceipt(db: AppDatabase, found: OrderWithPayment): Promise<TOrderReceipt> {
  const { order, payment, shop } = found;
  const items = await listOrderItems(db, order.id);
  return {
    orderNo: order.orderNo,
    status: order.status === 2 ? 2 : order.status === 1 ? 1 : 0,
    shop,
    items: items.map((item) => ({
      productId: String(item.productId),
      title: item.title,
      variantLabel: item.variantLabel,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      unitMinor: item.sellingPriceMinor,
      lineMinor: item.sellingPriceMinor * item.quantity,
    })),
    totalMinor: order.totalMinor,
    currencyCode: order.currencyCode,
    money: moneyOf(order),
    shipping: shippingOf(order),
    // The receipt answers anyone holding the /payresult link: the address masked, as creators see it.
    email: maskEmail(order.buyerEmail),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    paymentPending: order.status === 0 && payment?.status === 'PENDING',
  };
}

export interface CheckoutDeps extends PaymentDeps {
  payments: Payments;
  limiter: RateLimiter;
  /** Where PayPal sends the buyer back (`/payresult` is served there). */
  publicUrl: string;
  /** Shops link to `https://<slug>.<domain>` when set. */
  shopBaseDomain: string | undefined;
}

/** A buyer's checkout, the payment capture, the receipt and the provider's webhook. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, payments } = deps;

  async function limit(kind: string, ip: string, rule: { max: number; windowMs: number }): Promise<void> {
    if ((await deps.limiter.hit(`${kind}:ip:${ip}`, rule.windowMs)) > rule.max) throw AppError.rateLimited();
  }

  /**
   * The provider's return and cancel addresses. The sandbox approves on this server, so its
   * addresses stay relative to the host the buyer is on; PayPal needs absolute ones.
   */
  function returnUrls(shop: CheckoutShop, orderNo: string, language: TLanguage) {
    const origin = payments.provider === 'sandbox' ? '' : deps.publicUrl;
    const shopUrl = shopLink(shop.slug, { origin, shopBaseDomain: deps.shopBaseDomain });
    // The buyer comes back in the language they bought in, whatever their browser says.
    return {
      returnUrl: `${origin}/payresult?order=${encodeURIComponent(orderNo)}&lang=${language}`,
      cancelUrl: `${shopUrl}/cart?lang=${language}`,
    };
  }

  /**
   * Every item priced by the shop's rules now; one that is not on sale refuses the order, as does
   * a variant that is not on sale or is another product's.
   */
  async function priceItems(
    shop: CheckoutShop,
    form: Pick<CheckoutForm, 'items' | 'language'>,
  ): Promise<PricedLine[]> {
    const ids = form.items.map((item) => Number(item.productId));
    const variantIds = form.items.flatMap((item) => (item.variantId ? [Number(item.variantId)] : []));
    const [products, variants, ownPrices] = await Promise.all([
      listSellableProducts(db, shop.id, { ids, lang: form.language }),
      findVariantsOnSale(db, variantIds, form.language),
      ownPricesOf(db, shop.id, variantIds),
    ]);
    const sellable = new Map(products.map((p) => [p.id, p]));
    const variantOf = new Map(variants.map((v) => [v.id, v]));
    const lines = form.items.map((item) => {
      const product = sellable.get(Number(item.productId));
      if (!product) throw AppError.of(ErrorCode.NOT_ON_SALE, 'checkout.notOnSale');
      if (item.variantId === undefined) return priceLine(product, undefined, item.quantity, shop);
      const variant = variantOf.get(Number(item.variantId));
      if (variant?.productId !== product.id) {
        throw AppError.of(ErrorCode.NOT_ON_SALE, 'checkout.variantNotOnSale', { product: product.title });
      }
      const ownPriceMinor = ownPrices.get(variant.id)?.ownPriceMinor ?? null;
      return priceLine(product, { ...variant, ownPriceMinor }, item.quantity, shop);
    });
    // A line naming the variant a product is sold as and one naming only the product are one.
    const seen = new Set<number>();
    for (const { item } of lines) {
      if (item.variantId != null && seen.has(item.variantId)) {
        throw AppError.field('items', 'checkout.duplicateItem');
      }
      if (item.variantId != null) seen.add(item.variantId);
    }
    return lines;
  }

  /**
   * What `lines` charge shipped to `to` now: the shipping methods offered there with their price
   * for these items, the chosen one (else the first), the tax in force and the totals. A platform
   * with no shipping zone at all has not set shipping up: it ships everywhere, free, as before
   * zones existed (decision 0056); once one zone exists, a country no zone covers is not shipped to.
   * The shop's free shipping over `freeShippingOverMinor` pays the cheapest method offered, out of
   * the profit and only when the profit covers it: each method then costs the buyer the rest.
   */
  async function chargesFor(
    lines: PricedLine[],
    to: Destination,
    methodId: string | undefined,
    at: Date,
    strict: boolean,
    discount: DiscountApplies | null,
    freeShippingOverMinor: number | null,
  ): Promise<Charges> {
    const totalsLines = lines.map(({ item }) => ({
      unitMinor: item.sellingPriceMinor,
      costMinor: item.platformPriceMinor,
      quantity: item.quantity,
      discountable: discount === null || discount.covers(item.productId),
    }));
    const itemsMinor = totalsLines.reduce((total, line) => total + line.unitMinor * line.quantity, 0);
    // The goods' value for EU import VAT: the items less the discount, no shipping or tax.
    const goods = orderTotals({
      lines: totalsLines,
      shippingMinor: 0,
      tax: null,
      discount: discount?.rule ?? null,
    });
    const [rule, quote, configured, taxScheme] = await Promise.all([
      taxRateFor(db, to.countryCode, to.region, at),
      quoteShipping(db, {
        countryCode: to.countryCode,
        region: to.region,
        lines: lines.map(({ item, weightGrams }) => ({ quantity: item.quantity, weightGrams })),
        itemsMinor,
      }),
      shippingConfigured(db),
      importSchemeOf(db, to.countryCode, goods.itemsMinor - goods.discountMinor),
    ]);
    // Goods over €150 into the EU: no tax at checkout, the carrier collects it on delivery.
    const tax = rule.rateMicros > 0 && taxScheme !== 'import' ? rule : null;
    const offeredMethods = quote?.methods ?? [];
    const freeShipping = creatorFreeShipping({
      thresholdMinor: freeShippingOverMinor,
      itemsMinor: goods.itemsMinor,
      discountMinor: goods.discountMinor,
      platformMinor: goods.platformMinor,
      cheapestMinor: offeredMethods.length === 0 ? null : Math.min(...offeredMethods.map((m) => m.costMinor)),
    });
    const creatorShippingMinor = freeShipping?.creatorShippingMinor ?? 0;
    const methods: TShippingOption[] = offeredMethods.map((offered) => ({
      methodId: offered.methodId,
      name: offered.name,
      costMinor: buyerShippingOf(offered.costMinor, creatorShippingMinor),
      minDays: offered.minDays,
      maxDays: offered.maxDays,
      free: offered.free,
    }));
    // A method not offered (another zone's, one switched off since): the quote prices the first
    // instead, so its figures stay true; placing an order refuses it (`strict`).
    const asked = methodId === undefined ? undefined : methods.find((m) => m.methodId === methodId);
    const method = asked ?? (methodId !== undefined && strict ? null : (methods[0] ?? null));
    return {
      shippable: !configured || methods.length > 0,
      methods,
      method,
      tax,
      taxScheme,
      freeShipping,
      totals: orderTotals({
        lines: totalsLines,
        shippingMinor: method?.costMinor ?? 0,
        creatorShippingMinor: method ? creatorShippingMinor : 0,
        tax,
        discount: discount?.rule ?? null,
      }),
    };
  }

  /** Whether the shop's code `code` applies to these lines now, for a buyer with `email`. */
  function discountOf(
    shop: CheckoutShop,
    code: string,
    lines: PricedLine[],
    email: string | undefined,
    at: Date,
  ): Promise<DiscountApplies | DiscountRefused> {
    return checkDiscount(db, {
      shopId: shop.id,
      code,
      lines: lines.map(({ item }) => ({
        productId: item.productId,
        unitMinor: item.sellingPriceMinor,
        quantity: item.quantity,
      })),
      email,
      at,
    });
  }

  /**
   * The charges an order placed now would freeze; refused (per field) when it cannot ship so, or
   * when the code asked for does not apply (the quote told the buyer why).
   */
  async function chargesToPlace(
    shop: CheckoutShop,
    lines: PricedLine[],
    form: CheckoutForm,
    at: Date,
  ): Promise<{ charges: Charges; discount: DiscountApplies | null }> {
    let discount: DiscountApplies | null = null;
    if (form.discountCode !== undefined) {
      const checked = await discountOf(shop, form.discountCode, lines, form.email, at);
      if (!checked.applies) throw refusedCode(checked, form.language);
      discount = checked;
    }
    const to = { countryCode: form.address.countryCode, region: regionCode(form.address.region) };
    const charges = await chargesFor(
      lines,
      to,
      form.shippingMethodId,
      at,
      true,
      discount,
      shop.freeShippingOverMinor,
    );
    if (!charges.shippable) throw AppError.field('address.countryCode', 'checkout.notShippedThere');
    if (charges.methods.length > 0 && charges.method === null) {
      throw AppError.field('shippingMethodId', 'checkout.methodNotOffered');
    }
    return { charges, discount };
  }

  /**
   * Reserves the stock, inserts the order (status 0) and records the code's use in one
   * transaction; all or nothing. The code's row is locked first, so checkouts with one code queue
   * up and its limits hold (and always before the stock rows: no two wait on each other in a cycle).
   */
  async function placeOrder(shop: CheckoutShop, form: CheckoutForm, lines: PricedLine[]) {
    const at = new Date();
    const { charges, discount } = await chargesToPlace(shop, lines, form, at);
    const { method, tax, totals } = charges;
    const items = lines.map(({ item }, i) => ({
      ...item,
      discountMinor: totals.lines[i]?.discountMinor ?? 0,
      taxMinor: totals.lines[i]?.taxMinor ?? 0,
    }));
    return withTransaction(db, async (tx) => {
      if (discount) {
        const refusal = await holdDiscount(tx, discount.codeId, form.email, at);
        if (refusal) {
          throw refusedCode(
            { applies: false, code: discount.code, refusal, minOrderMinor: null },
            form.language,
          );
        }
      }
      // Always in variant order, so two checkouts never wait on each other's rows in a cycle.
      for (const item of [...items].sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0))) {
        const variantId = item.variantId ?? 0;
        if (!(await takeStock(tx, variantId, item.quantity))) {
          const left = await stockOf(tx, variantId);
          throw AppError.of(ErrorCode.OUT_OF_STOCK, 'checkout.outOfStock', { product: item.title, left });
        }
      }
      const order = await insertOrder(
        tx,
        {
          orderNo: newOrderNo(),
          checkoutKey: form.checkoutKey ?? null,
          shopId: shop.id,
          ownerUserId: shop.ownerUserId,
          buyerEmail: form.email,
          shippingAddress: form.address,
          language: form.language,
          currencyCode: 'USD',
          totalMinor: totals.totalMinor,
          platformMinor: totals.platformMinor,
          profitMinor: totals.profitMinor,
          discountMinor: totals.discountMinor,
          discountCode: discount?.code ?? null,
          discountTaxMinor: totals.discountTaxMinor,
          shippingMinor: totals.shippingMinor,
          creatorShippingMinor: totals.creatorShippingMinor,
          shippingTaxMinor: totals.shippingTaxMinor,
          taxMinor: totals.taxMinor,
          shippingMethodId: method ? Number(method.methodId) : null,
          shippingMethod: method?.name.slice(0, 60) ?? null,
          deliveryMinDays: method?.minDays ?? null,
          deliveryMaxDays: method?.maxDays ?? null,
          taxName: tax?.name.slice(0, 40) ?? null,
          taxCountry: tax?.countryCode ?? null,
          taxRegion: tax?.region ?? '',
          taxRateMicros: tax?.rateMicros ?? 0,
          taxInclusive: tax?.inclusive ?? false,
          taxScheme: charges.taxScheme,
          userSource: form.userSource,
          pageSource: form.pageSource,
          reservedUntil: new Date(Date.now() + RESERVATION_MS),
        },
        items,
      );
      if (discount)
        await recordDiscountUse(tx, { codeId: discount.codeId, orderId: order.id, email: form.email });
      // The buyer ticked "Email me news and offers": kept with this order, or not at all.
      if (form.marketingConsent) {
        await recordMarketingConsent(tx, {
          shopId: shop.id,
          shopName: shop.name,
          email: form.email,
          orderId: order.id,
          language: form.language,
          at,
        });
      }
      return order;
    });
  }

  /**
   * Captures `found`'s payment (request id `capture:<order no>`) and settles it. The buyer's side
   * claims the order first (`paying_side = 'c'`): while its creator is paying it themselves
   * ('b'), the buyer is not charged (`heldByShop`); a capture that fails or is not approved gives
   * the claim up, so the creator can pay it after all.
   */
  async function captureAndSettle(
    found: OrderWithPayment,
  ): Promise<Settlement | 'notApproved' | 'failed' | 'heldByShop'> {
    const { order, payment } = found;
    if (!payment) return 'failed';
    if ((await claimOrders(db, [order.id], 'c', true)).length === 0) {
      const now = await findOrderById(db, order.id);
      return now && now.order.status !== 0 ? 'alreadyPaid' : 'heldByShop';
    }
    const outcome = await payments.capture({
      providerOrderId: payment.providerOrderId,
      requestId: `capture:${order.orderNo}`,
    });
    if (outcome.kind !== 'captured') {
      await releaseClaims(db, [order.id], 'c');
      if (outcome.kind === 'failed') {
        deps.log.warn({ orderNo: order.orderNo, reason: outcome.reason }, 'Payment capture failed');
      }
      return outcome.kind;
    }
    const settled = await settleCapture(deps, found, outcome.capture);
    // Paid clears the claim; pending keeps it (the money may still move); the rest give it up.
    if (settled === 'declined' || settled === 'mismatch') await releaseClaims(db, [order.id], 'c');
    return settled;
  }

  /** The order with this number, when `token` is its payment's provider order id. */
  async function findForBuyer(orderNo: string, token: string): Promise<OrderWithPayment> {
    const found = await findOrderByNo(db, orderNo);
    if (!found?.payment || found.payment.providerOrderId !== token) throw AppError.notFound();
    return found;
  }

  /**
   * Starts the payment of `order` at the provider and records it, or finishes doing so: the
   * provider's request id is `create:<order no>` (the same provider order however often it is
   * asked) and the payment row is kept once per order, so an attempt that crashed half way, or
   * two at once, end with the one payment. When the provider cannot start it, the order stays
   * unpaid with nothing to pay it through and its stock goes back now.
   */
  async function startPayment(
    order: OrderRow,
    shop: CheckoutShop,
    language: TLanguage,
  ): Promise<TCheckoutAnswer> {
    const amount = { currencyCode: order.currencyCode, valueMinor: order.totalMinor };
    try {
      const created = await payments.createOrder({
        requestId: `create:${order.orderNo}`,
        amount,
        reference: order.orderNo,
        language,
        ...returnUrls(shop, order.orderNo, language),
        ...whatIsBought(order, await listOrderItems(db, order.id)),
      });
      const payment = await insertPayment(db, {
        orderId: order.id,
        provider: payments.provider,
        providerOrderId: created.providerOrderId,
        status: 'CREATED',
        amountMinor: amount.valueMinor,
        currencyCode: amount.currencyCode,
        approveUrl: created.approveUrl,
      });
      return {
        orderNo: order.orderNo,
        totalMinor: order.totalMinor,
        currencyCode: order.currencyCode,
        approveUrl: payment.approveUrl,
      };
    } catch (err) {
      deps.log.error({ err, orderNo: order.orderNo }, 'Payment could not be started');
      await releaseOrder(db, order.id);
      throw AppError.serviceUnavailable('checkout.paymentNotStarted');
    }
  }

  /**
   * An attempt whose key already placed an order: the same order and approval address. Until its
   * payment is recorded (the first request is starting it, or crashed before it had) this request
   * starts it too — idempotently, see startPayment — rather than leave the buyer unable to pay.
   */
  async function placedBefore(
    checkoutKey: string,
    shop: CheckoutShop,
    language: TLanguage,
  ): Promise<TCheckoutAnswer | null> {
    const found = await findOrderByCheckoutKey(db, checkoutKey);
    if (!found) return null;
    if (found.order.shopId !== shop.id) throw AppError.of(ErrorCode.ALREADY_PLACED, 'checkout.alreadyPlaced');
    if (!found.payment) return startPayment(found.order, shop, language);
    return {
      orderNo: found.order.orderNo,
      totalMinor: found.order.totalMinor,
      currencyCode: found.order.currencyCode,
      approveUrl: found.payment.approveUrl,
    };
  }

  /** Places the order once per checkout key: a second request with it gets the first's answer. */
  async function placeOnce(shop: CheckoutShop, form: CheckoutForm) {
    const key = form.checkoutKey;
    const earlier = key ? await placedBefore(key, shop, form.language) : null;
    if (earlier) return { earlier };
    try {
      return { order: await placeOrder(shop, form, await priceItems(shop, form)) };
    } catch (error) {
      // Two requests with one key at once: the unique index let one in; answer the other with it.
      if (!key || !isUniqueViolation(error)) throw error;
      const placed = await placedBefore(key, shop, form.language);
      if (!placed) throw error;
      return { earlier: placed };
    }
  }

  return {
    /** What the cart would cost shipped there, as the checkout would charge it now. */
    async quote(form: QuoteForm, ip: string): Promise<TCheckoutQuote> {
      await limit('quote', ip, QUOTE_LIMIT);
      const shop = await findShopBySlug(db, form.shop);
      if (!shop) throw AppError.notFound();
      const lines = await priceItems(shop, { items: form.items, language: 'en' });
      const to = { countryCode: form.countryCode, region: regionCode(form.region) };
      const at = new Date();
      const checked =
        form.discountCode === undefined
          ? null
          : await discountOf(shop, form.discountCode, lines, form.email, at);
      const applied = checked?.applies ? checked : null;
      const { shippable, methods, method, tax, taxScheme, freeShipping, totals } = await chargesFor(
        lines,
        to,
        form.shippingMethodId,
        at,
        false,
        applied,
        shop.freeShippingOverMinor,
      );
      return {
        discount: checked && {
          code: checked.code,
          refusal: checked.applies ? null : checked.refusal,
          minOrderMinor: checked.applies ? null : checked.minOrderMinor,
          capped: totals.discountCapped,
        },
        discountCode: applied?.code ?? null,
        shippable,
        methods,
        shippingMethodId: method?.methodId ?? null,
        itemsMinor: totals.itemsMinor,
        discountMinor: totals.discountMinor,
        discountTaxMinor: totals.discountTaxMinor,
        shippingMinor: totals.shippingMinor,
        creatorShippingMinor: totals.creatorShippingMinor,
        freeShipping,
        shippingTaxMinor: totals.shippingTaxMinor,
        taxMinor: totals.taxMinor,
        totalMinor: totals.totalMinor,
        currencyCode: 'USD',
        tax: tax && { name: tax.name, rateMicros: tax.rateMicros, inclusive: tax.inclusive },
        taxScheme,
      };
    },

    async checkout(form: CheckoutForm, ip: string): Promise<TCheckoutAnswer> {
      await limit('checkout', ip, CHECKOUT_LIMIT);
      const shop = await findShopBySlug(db, form.shop);
      if (!shop) throw AppError.notFound();
      // A suspended shop takes no new order; its existing ones (and their capture) continue.
      if (shop.suspendedReason !== null)
        throw AppError.of(ErrorCode.SHOP_SUSPENDED, 'creators.shopSuspended');
      const placed = await placeOnce(shop, form);
      if (placed.earlier) return placed.earlier;
      return startPayment(placed.order, shop, form.language);
    },

    /** `/payresult`: idempotent — a paid order answers its receipt without calling the provider. */
    async capture(form: TCaptureRequest, ip: string): Promise<TOrderReceipt> {
      await limit('capture', ip, CAPTURE_LIMIT);
      const found = await findForBuyer(form.orderNo, form.token);
      if (found.order.status === 0) {
        const result = await captureAndSettle(found);
        if (result === 'notApproved')
          throw AppError.of(ErrorCode.PAYMENT_NOT_APPROVED, 'checkout.notApproved');
        if (result === 'failed') throw AppError.serviceUnavailable('checkout.captureFailed');
        if (result === 'heldByShop') throw AppError.of(ErrorCode.ORDERS_NOT_UNPAID, 'checkout.paidByShop');
        if (result === 'declined') throw AppError.of(ErrorCode.PAYMENT_DECLINED, 'checkout.captureDeclined');
        if (result === 'mismatch') {
          throw AppError.of(ErrorCode.PAYMENT_AMOUNT_MISMATCH, 'checkout.amountMismatch');
        }
      }
      return toReceipt(db, await findForBuyer(form.orderNo, form.token));
    },

    /**
     * Part of the sweep: finishes the captures a crash left half done and the buyer never retried
     * (their claim went stale). The buyer asked for the capture, so it is made — with the same
     * request id, so a capture the provider already made is read back, never made twice — and
     * settled as their retry would have; a capture not approved or failing gives the claim up.
     * Answers how many orders it paid.
     */
    async settleStaleCaptures(): Promise<number> {
      let paid = 0;
      for (const found of await listStaleBuyerClaims(db)) {
        if ((await captureAndSettle(found)) === 'paid') paid += 1;
      }
      return paid;
    },

    async receipt(orderNo: string, token: string): Promise<TOrderReceipt> {
      return toReceipt(db, await findForBuyer(orderNo, token));
    },

    /**
     * A provider webhook: false when it does not verify (tampered or unsigned; nothing changes).
     * An address past WEBHOOK_LIMIT is refused (A0502) before the provider is asked to verify.
     * Each event id is handled once; a redelivery is answered and does nothing.
     */
    async webhook(input: WebhookInput, ip: string): Promise<boolean> {
      await limit('webhook', ip, WEBHOOK_LIMIT);
      const verified = await payments.readWebhook(input);
      if (!verified) return false;
      const key = { provider: payments.provider, eventId: verified.eventId };
      if (!(await recordWebhookEvent(db, { ...key, eventType: verified.eventType }))) return true;
      let outcome: string | null = null;
      try {
        outcome = await handleWebhook(verified.action);
      } finally {
        await setWebhookOutcome(db, key.provider, key.eventId, outcome);
      }
      return true;
    },
  };

  /** What a verified event did to its order, recorded as the event's outcome. */
  async function handleWebhook(action: WebhookAction): Promise<string> {
    if (action.kind === 'ignored') return 'ignored';
    // Payout items belong to the payouts module, which registered its handler with app.payments.
    if (action.kind === 'payoutItem') return payments.payouts.handleEvent(action);
    // Refunds and reversals belong to the refunds module, likewise.
    if (action.kind === 'refund') return payments.refunds.handleEvent(action);
    const found = await findOrderByProviderOrder(db, payments.provider, action.providerOrderId);
    if (!found) return 'unknownOrder';
    if (action.kind === 'captured') return settleCapture(deps, found, action.capture);
    return found.order.status === 0 ? captureAndSettle(found) : 'alreadyPaid';
  }
}

/**
 * The order as its payment provider shows it and keeps it for a dispute: each line (title, SKU,
 * variant, quantity, unit price before tax) and what the total is made of — items, shipping, tax
 * and discount as frozen — and the address the buyer gave, which the provider shows unchangeable
 * (Seller Protection covers only an order shipped there).
 */
function whatIsBought(order: OrderRow, items: OrderItemRow[]) {
  const money = (valueMinor: number) => ({ currencyCode: order.currencyCode, valueMinor });
  const address = order.shippingAddress;
  return {
    lines: {
      items: items.map((item) => ({
        name: item.title,
        sku: item.sku,
        description: item.variantLabel,
        quantity: item.quantity,
        unitAmount: money(item.sellingPriceMinor),
      })),
      breakdown: {
        itemTotal: money(items.reduce((sum, item) => sum + item.sellingPriceMinor * item.quantity, 0)),
        shipping: money(order.shippingMinor),
        taxTotal: money(order.taxMinor),
        discount: money(order.discountMinor),
      },
    },
    shipTo: {
      fullName: address.name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      region: address.region,
      postalCode: address.postalCode,
      countryCode: address.countryCode,
    },
  };
}
