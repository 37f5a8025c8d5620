import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@linkstore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../shared/i18n/i18n';

/**
 * The texts of the table select, upload, rich text, signature and websocket demo pages: their own
 * namespace, loaded with the first of those pages (in English, the fallback, and the current
 * language) and again on each language change — never in the sign-in page's chunks.
 */
export const DEMO_NAMESPACE = 'demo-pages';

const bundles = import.meta.glob<Record<string, unknown>>('../../locales/*/demo-pages.json', {
  import: 'default',
});

const languageOf = (value: string): TLanguage =>
  LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;

async function loadOne(language: TLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, DEMO_NAMESPACE)) return;
  const load = bundles[`../../locales/${language}/${DEMO_NAMESPACE}.json`];
  if (!load) throw new Error(`Missing locale bundle ${language}/${DEMO_NAMESPACE}`);
  i18n.addResourceBundle(language, DEMO_NAMESPACE, await load(), true, true);
}

/** English and `language` (the current one by default). */
export async function loadDemoTexts(language: string = i18n.language): Promise<void> {
  await Promise.all([...new Set([DEFAULT_LANGUAGE, languageOf(language)])].map(loadOne));
}

/** A view loaded with the texts, so the page never shows keys. */
export async function withTexts<T>(load: () => Promise<T>): Promise<T> {
  const [view] = await Promise.all([load(), loadDemoTexts()]);
  return view;
}

/** `t` of the demo texts; after a language change the page renders again once they are loaded. */
export function useDemoTexts() {
  const translation = useTranslation(DEMO_NAMESPACE);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    const onChange = (language: string) =>
      void loadDemoTexts(language).then(
        () => setLoaded((n) => n + 1),
        () => undefined,
      );
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return translation;
}
