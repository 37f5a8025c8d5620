import { createRoot } from 'react-dom/client';
import { setApiLanguage } from './api';
import { StorefrontApp } from './app';
import { locateShop, readBoot } from './boot';
import { createEventQueue, readTrafficSources } from './events';
import { LANGUAGE_STORAGE_KEY, loadMessages, pickLanguage } from './i18n';
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

if (root) {
  void loadMessages(language).then((messages) =>
    createRoot(root).render(
      <StorefrontApp
        boot={boot}
        basePath={basePath}
        slug={slug}
        language={language}
        messages={messages}
        events={events}
      />,
    ),
  );
}
