import type { TShownTax } from '@linkstore/contract';
import { useSyncExternalStore } from 'react';
import { call } from './api';
import { onShipToChange, shipToCountry } from './ship-to';
import { useStorefront } from './storefront-context';

/**
 * The contract's `taxRoutes.shown` path, written out to keep zod out of the shop page (decision
 * 0021); a test checks they match.
 */
export const SHOWN_TAX_PATH = '/api/v1/public/taxes/shown';

/*
 * The tax buyers in the "Ship to" country see: one store for the page, so the grid, the product
 * page and the cart follow the country the buyer picks (on the product page or at checkout). Each
 * country is asked once per page session; nothing while the server renders (no buyer country).
 */
let country: string | null = null;
const answers = new Map<string, TShownTax | null>();
const asking = new Set<string>();
const listeners = new Set<() => void>();
let stopFollowing = () => {};
/** `shownUnitPrice`, loaded with the first tax answer (shown-price.ts); none before. */
let shownUnitPrice: ((netMinor: number, tax: TShownTax | null) => number) | null = null;
/** Bumped by `forgetShownTaxes`: an answer asked for before it is dropped. */
let session = 0;

const emit = () => listeners.forEach((listener) => listener());

function ask(code: string): void {
  if (answers.has(code) || asking.has(code)) return;
  const asked = session;
  asking.add(code);
  call<TShownTax | null>('GET', `${SHOWN_TAX_PATH}?countryCode=${encodeURIComponent(code)}`)
    .then(async (tax) => {
      // The rule's module only where prices change: most buyers' taxes are added at checkout.
      if (tax?.inclusive && !shownUnitPrice) {
        shownUnitPrice = (await import('./shown-price')).shownUnitPrice;
      }
      return tax;
    })
    .then(
      (tax) => {
        if (asked !== session) return;
        asking.delete(code);
        answers.set(code, tax);
        if (code === country) emit();
      },
      // Unanswered: prices stay as they are (the checkout still shows the tax it charges), and the
      // country is asked again when picked again.
      () => asked === session && asking.delete(code),
    );
}

/** The buyer picked another "Ship to" country: prices follow once its tax is known. */
function follow(code: string): void {
  country = code;
  ask(code);
  emit();
}

/** Started by the first price shown in the browser. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (country === null) {
    country = shipToCountry();
    ask(country);
    stopFollowing = onShipToChange(follow);
  }
  return () => listeners.delete(listener);
}

/** Only a tax prices are shown with ("incl. VAT") changes them; one added at checkout does not. */
function inclusiveTax(): TShownTax | null {
  const tax = country === null ? null : answers.get(country);
  return tax?.inclusive && shownUnitPrice ? tax : null;
}
const onServer = () => null;

/** Forgets the country and every answer, as a new page does (tests start each from nothing). */
export function forgetShownTaxes(): void {
  stopFollowing();
  country = null;
  answers.clear();
  asking.clear();
  session += 1;
}

export interface TShownPrices {
  /** The tax prices are shown with, or null where they are shown as they are. */
  tax: TShownTax | null;
  /** A unit price (US cents, net as creators set it) as the buyer sees it: `shownUnitPrice`. */
  shown: (netMinor: number) => number;
  /** "incl. VAT" beside prices that include it; null otherwise. */
  label: string | null;
}

/**
 * Prices as buyers in the "Ship to" country see them: with its tax where prices are shown with it
 * (EU, UK, AU), as they are elsewhere (US, CA: added at checkout). The server's HTML and its
 * hydration show them as they are; the buyer's country switches them right after.
 */
export function useShownPrices(): TShownPrices {
  const { t } = useStorefront();
  const tax = useSyncExternalStore(subscribe, inclusiveTax, onServer);
  return {
    tax,
    shown: (netMinor) => (tax && shownUnitPrice ? shownUnitPrice(netMinor, tax) : netMinor),
    label: tax ? t('price.inclTax', { name: tax.name }) : null,
  };
}
