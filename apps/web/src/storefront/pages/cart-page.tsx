import { useEffect, useState } from 'react';
import {
  lineKey,
  lineTitle,
  maxQuantity,
  PAYING_STORAGE_KEY,
  totalMinor,
  useCartLines,
  type TCartLine,
  type TCartStore,
} from '../cart';
import { DiscountNotice } from '../components/discount-notice';
import { useRestoreScroll } from '../router';
import { useShownPrices, type TShownPrices } from '../shown-tax';
import { readStorage, removeStorage } from '../storage';
import { shopHref, useStorefront } from '../storefront-context';

/** The cart: quantities, removal, the total in the buyer's currency and the US-dollar charge. */
export function CartPage() {
  const { cart, t, basePath } = useStorefront();
  // Sent back here by the payment provider's "Cancel" (the order was left unpaid): say so, once.
  const [cancelled] = useState(() => readStorage(sessionStorage, PAYING_STORAGE_KEY) !== null);
  useEffect(() => removeStorage(sessionStorage, PAYING_STORAGE_KEY), []);
  useRestoreScroll(true);
  if (!cart) return null;
  return (
    <section className="sf-section" aria-labelledby="sf-cart-title">
      <h1 id="sf-cart-title">{t('cart.heading')}</h1>
      {cancelled && (
        <p className="sf-notice" role="status">
          {t('cart.cancelled')}
        </p>
      )}
      <DiscountNotice />
      <CartContent cart={cart} />
      <p>
        <a className="sf-text-link" href={shopHref(basePath)}>
          {t('common.continueShopping')}
        </a>
      </p>
    </section>
  );
}

function CartContent({ cart }: { cart: TCartStore }) {
  const { t, basePath } = useStorefront();
  const lines = useCartLines(cart);
  // Unit prices as the buyer's "Ship to" country sees them ("incl. VAT"), as the checkout charges.
  const prices = useShownPrices();
  if (lines.length === 0) return <p className="sf-status">{t('cart.empty')}</p>;
  const shownLines = lines.map((line) => ({ ...line, priceMinor: prices.shown(line.priceMinor) }));
  return (
    <>
      <ul className="sf-lines">
        {shownLines.map((line) => (
          <CartLineItem key={lineKey(line)} line={line} cart={cart} label={prices.label} />
        ))}
      </ul>
      <Subtotal cents={totalMinor(shownLines)} prices={prices} />
      <a className="sf-button sf-button-primary sf-button-wide" href={shopHref(basePath, '/checkout')}>
        {t('checkout.title')}
      </a>
    </>
  );
}

/** A line, its unit price already as shown (`label`: "incl. VAT" where it includes the tax). */
function CartLineItem({ line, cart, label }: { line: TCartLine; cart: TCartStore; label: string | null }) {
  const { t, price, basePath } = useStorefront();
  const key = lineKey(line);
  const inputId = `sf-qty-${key.replace(':', '-')}`;
  const title = lineTitle(line);
  const step = (delta: number) => cart.setQuantity(key, line.quantity + delta);
  const href = shopHref(
    basePath,
    `/p/${line.productId}${line.variantId ? `?variant=${line.variantId}` : ''}`,
  );
  return (
    <li className="sf-line">
      {line.imageUrl && <img src={line.imageUrl} alt="" width={72} height={72} loading="lazy" />}
      <div className="sf-line-body">
        <a href={href}>{line.title}</a>
        {line.variantLabel && <span className="sf-variant-label">{line.variantLabel}</span>}
        <span className="sf-muted">
          {price(line.priceMinor)}
          {label && <span className="sf-tax-label"> {label}</span>}
        </span>
        <div className="sf-stepper">
          <button
            type="button"
            aria-label={t('cart.decrease', { title })}
            disabled={line.quantity <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <label htmlFor={inputId} className="sf-visually-hidden">
            {t('cart.quantityOf', { title })}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity(line.stock)}
            value={line.quantity}
            onChange={(event) => cart.setQuantity(key, Number(event.target.value))}
          />
          <button
            type="button"
            aria-label={t('cart.increase', { title })}
            disabled={line.quantity >= maxQuantity(line.stock)}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
      </div>
      <div className="sf-line-end">
        <span className="sf-price">{price(line.priceMinor * line.quantity)}</span>
        <button
          type="button"
          className="sf-link-button"
          aria-label={t('cart.removeItem', { title })}
          onClick={() => cart.remove(key)}
        >
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * The items' sum: shipping and tax depend on the address, so the cart names no total it could not
 * keep — the checkout shows it, priced for the address. Where prices include the tax, the sum is
 * of the prices shown and says it includes it (the checkout's "Items" row is the same figure).
 */
function Subtotal({ cents, prices }: { cents: number; prices: TShownPrices }) {
  const { t, price } = useStorefront();
  return (
    <div className="sf-totals">
      <p>
        <span>{t('cart.subtotal')}</span> <strong>{price(cents)}</strong>
        {prices.label && <span className="sf-tax-label"> {prices.label}</span>}
      </p>
      <p className="sf-muted">
        {prices.tax ? t('price.cartInclTax', { name: prices.tax.name }) : t('cart.chargesAtCheckout')}
      </p>
    </div>
  );
}

/** What is charged: orders are paid in US dollars, so a total shown in another currency is approximate. */
export function Charged({ cents }: { cents: number }) {
  const { t, usd, currency } = useStorefront();
  return (
    <p className="sf-muted">
      {currency && currency.code !== 'USD'
        ? t('money.chargedApproximate', { amount: usd(cents) })
        : t('money.charged', { amount: usd(cents) })}
    </p>
  );
}
