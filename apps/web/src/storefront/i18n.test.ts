import { describe, expect, it } from 'vitest';
import { createTranslate, loadMessages, pickLanguage } from './i18n';

const messages = {
  cart: { link_one: 'Cart, {{count}} item', link_other: 'Cart, {{count}} items', hello: 'Hi {{ name }}' },
  plain: 'Plain',
};

describe('storefront i18n', () => {
  it('interpolates {{name}} and picks plural forms by count, like i18next', () => {
    const t = createTranslate(messages, 'en');
    expect(t('cart.hello', { name: 'Ana' })).toBe('Hi Ana');
    expect(t('cart.link', { count: 1 })).toBe('Cart, 1 item');
    expect(t('cart.link', { count: 3 })).toBe('Cart, 3 items');
    expect(t('plain')).toBe('Plain');
  });

  it('falls back to _other for languages without "one" and shows a missing key as itself', () => {
    const t = createTranslate(messages, 'zh-cn');
    expect(t('cart.link', { count: 1 })).toBe('Cart, 1 items');
    expect(t('cart.nothing')).toBe('cart.nothing');
    expect(t('cart.hello')).toBe('Hi {{ name }}');
  });

  it('takes the link, then the stored choice, then the server language', () => {
    expect(pickLanguage('?lang=pt-BR', 'fr', 'en')).toBe('pt');
    expect(pickLanguage('', 'fr', 'en')).toBe('fr');
    expect(pickLanguage('', 'de', 'es')).toBe('es');
  });

  it('loads one language file as its own chunk', async () => {
    const french = await loadMessages('fr');
    expect(createTranslate(french, 'fr')('product.addToCart')).toBe('Ajouter au panier');
  });
});
