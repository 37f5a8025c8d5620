import { createRoot, hydrateRoot } from 'react-dom/client';
import { setApiLanguage } from './api';
import { StorefrontApp } from './app';
import { locateShop, readBoot } from './boot';
import { createEventQueue, readTrafficSources } from './events';
import { LANGUAGE_STORAGE_KEY, loadMessages, pickLanguage } from './i18n';
import { matchRoute } from './router';
import { readPlace } from './shop-place';
import { readStorage } from './storage';
import './storefront.css';

// The buyers' storefront entry (decision 0021): React only, no console or studio code.
const root = document.getElementById('storefront');
const embedded = readBoot(document);
const located = locateShop(window.location);
const basePath = embedded?.basePath ?? located.basePath;
const slug = embedded?.page?.shop.slug ?? located.slug;
const language = pickLanguage(
  window.location.search,
  readStorage(localStorage, LANGUAGE_STORAGE_KEY),
  embedded?.language,
);
// The server writes the page in the browser's language; a buyer who chose another one gets the
// shop's names and titles fetched in theirs instead.
const boot = embedded?.language === language ? embedded : null;
// Before the first request: every call asks for the buyer's language.
setApiLanguage(language);
const events = slug
  ? createEventQueue({ shop: slug, sources: readTrafficSources(window.location.search) })
  : null;

/**
 * The server rendered the first screen (decision 0034) for the boot data's language and the
 * shop's first place: the app takes that HTML over as it is (hydration). A buyer who reads in
 * another language, or a link to a search or a category, gets the page rendered here instead.
 */
function hydratable(container: HTMLElement): boolean {
  if (!boot || container.firstElementChild === null) return false;
  const route = matchRoute(window.location.pathname, basePath);
  if (route.name === 'product') {
    // The server rendered the default variant; a link to another one is rendered here.
    const variant = new URLSearchParams(window.location.search).get('variant');
    return boot.product?.id === route.id && (!variant || variant === boot.product.defaultVariantId);
  }
  if (route.name !== 'shop') return false;
  const place = readPlace(window.location.search);
  return place.pages === 1 && !place.keywords && !place.categoryId;
}

if (root) {
  const hydrate = hydratable(root);
  void loadMessages(language).then((messages) => {
    const app = (
      <StorefrontApp
        boot={boot}
        basePath={basePath}
        slug={slug}
        language={language}
        messages={messages}
        events={events}
        hydrating={hydrate}
      />
    );
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
