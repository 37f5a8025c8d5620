import type { TLanguage } from '@linkstore/contract';
import { en, type MessageKey, type Messages } from './messages.en';
import { es } from './messages.es';
import { fr } from './messages.fr';
import { pt } from './messages.pt';
import { zhCn } from './messages.zh-cn';

export type { MessageKey } from './messages.en';
export type MessageParams = Record<string, string | number>;

const CATALOGUES: Record<TLanguage, Messages> = { en, es, pt, 'zh-cn': zhCn, fr };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** Translates a server message key; `{name}` placeholders take `params`. */
export function translate(lang: TLanguage, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGUES[lang][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
