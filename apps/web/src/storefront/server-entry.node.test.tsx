// @vitest-environment node
// Own modules: it renders on the server with no `window`, beside files that have one.
import type { TStorefrontBoot } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { render } from './server-entry';
import { PAGE, PRODUCT } from './test-support';

/**
 * The server entry as the server runs it: in Node, with no `window`, `document` or storage. A
 * component that touches one while rendering throws there, and the server quietly sends the page
 * without its first screen (the product page's Share button read `window.location` once).
 */
describe('the server entry without a browser', () => {
  const boot = (over: Partial<TStorefrontBoot> = {}): TStorefrontBoot => ({
    basePath: '/s/demo',
    language: 'en',
    page: PAGE,
    product: null,
    ...over,
  });

  it('renders the shop page and a product page', async () => {
    expect(typeof window).toBe('undefined');
    const shop = await render(boot(), '/s/demo');
    expect(shop).toContain(PAGE.shop.name);
    const product = await render(boot({ product: PRODUCT }), `/s/demo/p/${PRODUCT.id}`);
    expect(product).toContain(PRODUCT.title);
    expect(product).toContain('Share');
    // React's note when a part failed on the server and is left to the browser.
    expect(`${shop}${product}`).not.toContain('Switched to client rendering');
  });
});
