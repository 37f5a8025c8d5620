import { DEFAULT_LANGUAGE, type TLanguage } from '@linkstore/contract';

export type TLandingMessages = { [key: string]: string | TLandingMessages };
/** The landing page's translate: a key of its namespace, `{{name}}` values filled. */
export type TLandingTranslate = (key: string, values?: Record<string, string | number>) => string;

/** Each language's texts are their own small chunk (the same files i18next loads in the app). */
const bundles = import.meta.glob<TLandingMessages>('../../locales/*/landing.json', { import: 'default' });

export async function loadLandingMessages(language: TLanguage): Promise<TLandingMessages> {
  const load =
    bundles[`../../locales/${language}/landing.json`] ??
    bundles[`../../locales/${DEFAULT_LANGUAGE}/landing.json`];
  return load ? load() : {};
}

function lookup(messages: TLandingMessages, key: string): string | undefined {
  let node: string | TLandingMessages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Translate over `messages`, English behind them; a missing key shows itself. */
export function createLandingTranslate(
  messages: TLandingMessages,
  english: TLandingMessages,
): TLandingTranslate {
  return (key, values) => {
    const text = lookup(messages, key) ?? lookup(english, key) ?? key;
    return values
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole))
      : text;
  };
}
