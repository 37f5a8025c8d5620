import { INFO_PAGE_KEYS, LANGUAGES, type TLanguage } from '@linkstore/contract';
import type { ReactNode } from 'react';
import { countUnits, useCartLines, type TCartStore } from '../cart';
import { LANGUAGE_NAMES } from '../i18n';
import { infoHref, shopHref, useStorefront } from '../storefront-context';

/** Header (shop, currency, cart), the page, and a footer with the language switch. */
export function Layout({ children }: { children: ReactNode }) {
  const { t, page, basePath, cart, currency, setCurrency, language, setLanguage } = useStorefront();
  const shop = page?.shop;
  return (
    <>
      <a className="sf-skip" href="#sf-main">
        {t('common.skipToContent')}
      </a>
      <header className="sf-header">
        {shop ? (
          <a className="sf-brand" href={shopHref(basePath)}>
            {shop.imageUrl && <img src={shop.imageUrl} alt="" width={32} height={32} />}
            <span>{shop.name}</span>
          </a>
        ) : (
          <span className="sf-brand">LinkStore</span>
        )}
        {page && page.currencies.length > 1 && (
          <label className="sf-currency">
            <span className="sf-visually-hidden">{t('common.currency')}</span>
            <select value={currency?.code ?? 'USD'} onChange={(event) => setCurrency(event.target.value)}>
              {page.currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
            </select>
          </label>
        )}
        {cart && <CartLink cart={cart} href={shopHref(basePath, '/cart')} />}
      </header>
      <main id="sf-main" className="sf-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="sf-footer">
        {shop && (
          <nav aria-label={t('info.nav')}>
            <ul className="sf-info-links">
              {INFO_PAGE_KEYS.map((key) => (
                <li key={key}>
                  <a className="sf-text-link" href={infoHref(basePath, key)}>
                    {t(`info.${key}`)}
                  </a>
                </li>
              ))}
              <li>
                <a className="sf-text-link" href={shopHref(basePath, '/orders/find')}>
                  {t('findOrder.title')}
                </a>
              </li>
            </ul>
          </nav>
        )}
        <label>
          <span>{t('common.language')} </span>
          <select value={language} onChange={(event) => setLanguage(event.target.value as TLanguage)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <p className="sf-muted">{t('common.poweredBy')}</p>
      </footer>
    </>
  );
}

function CartLink({ cart, href }: { cart: TCartStore; href: string }) {
  const { t } = useStorefront();
  const count = countUnits(useCartLines(cart));
  return (
    // The name starts with the visible text ("Cart 2") and adds the unit: "Cart 2 items".
    <a
      className="sf-cart-link"
      href={href}
      aria-label={count > 0 ? `${t('cart.title')} ${count} ${t('cart.units', { count })}` : undefined}
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      <span className="sf-cart-text">{t('cart.title')}</span>
      {count > 0 && (
        <>
          {' '}
          <span className="sf-cart-badge">{count}</span>
        </>
      )}
    </a>
  );
}
