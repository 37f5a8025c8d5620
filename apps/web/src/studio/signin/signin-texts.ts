import { DEFAULT_LANGUAGE, type TLanguage } from '@linkstore/contract';
import type { TLandingMessages } from '../landing/landing-texts';

/**
 * The sign-in page's texts: the same `studio` and `common` files the app translates with (the
 * page's keys are under `auth.login`, `auth.error`, …), loaded alone for the page on its own as
 * `{ studio, common }`. Each file and language is its own small chunk (read `?raw`, so these
 * modules stay apart from the app's, which puts English in its core chunk).
 */
const studio = import.meta.glob<string>('../../locales/*/studio.json', {
  query: '?raw',
  import: 'default',
});
const common = import.meta.glob<string>('../../locales/*/common.json', {
  query: '?raw',
  import: 'default',
});

async function load(
  bundles: Record<string, () => Promise<string>>,
  language: TLanguage,
  name: string,
): Promise<TLandingMessages> {
  const path = (code: string) => `../../locales/${code}/${name}.json`;
  const loader = bundles[path(language)] ?? bundles[path(DEFAULT_LANGUAGE)];
  return loader ? (JSON.parse(await loader()) as TLandingMessages) : {};
}

export async function loadSignInMessages(language: TLanguage): Promise<TLandingMessages> {
  const [studioTexts, commonTexts] = await Promise.all([
    load(studio, language, 'studio'),
    load(common, language, 'common'),
  ]);
  return { studio: studioTexts, common: commonTexts };
}
