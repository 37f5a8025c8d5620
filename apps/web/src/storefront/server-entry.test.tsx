// Own modules: it hydrates server-rendered HTML, and React DOM keeps per-document state.
import type { TStorefrontBoot } from '@linkstore/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorefrontApp } from './app';
import { loadMessages } from './i18n';
import { CURRENCY_STORAGE_KEY } from './money';
import { render } from './server-entry';
import { PAGE, PRODUCT, stubApi } from './test-support';

/**
 * Decision 0034: the server's HTML of the first screen is what the browser's first render
 * produces, so hydration takes it over without a mismatch (React would throw the HTML away and
 * render again: a flash and a layout shift).
 */

const boot = (over: Partial<TStorefrontBoot> = {}): TStorefrontBoot => ({
  basePath: '/s/demo',
  language: 'en',
  page: PAGE,
  product: null,
  ...over,
});

let container: HTMLElement;
let root: Root | undefined;
let recoverable: unknown[];

beforeEach(() => {
  container = document.createElement('div');
  container.id = 'storefront';
  document.body.append(container);
  recoverable = [];
  localStorage.clear();
  stubApi({});
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/**
 * What React said on the console, less its note that two renderers (the server's and the
 * browser's, both in this one test process) used the same context: never the case in a page.
 */
function reported(spy: { mock: { calls: unknown[][] } }): unknown[][] {
  return spy.mock.calls.filter((call) => !String(call[0]).includes('multiple renderers concurrently'));
}

/** The server's HTML in the mount point, hydrated as main.tsx does; the errors React reports. */
async function hydrate(data: TStorefrontBoot, path: string) {
  window.history.pushState(null, '', path);
  const html = await render(data, path);
  if (html === null) throw new Error(`nothing rendered for ${path}`);
  container.innerHTML = html;
  const consoleError = vi.spyOn(console, 'error');
  const messages = await loadMessages(data.language);
  await act(async () => {
    root = hydrateRoot(
      container,
      <StorefrontApp
        boot={data}
        basePath={data.basePath}
        slug="demo"
        language={data.language}
        messages={messages}
        events={null}
        hydrating
      />,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return { html, consoleError };
}

describe('storefront server rendering', () => {
  it('renders the shop page with its products, and the browser hydrates it as it is', async () => {
    const { html, consoleError } = await hydrate(boot(), '/s/demo');
    expect(html).toContain('Teapot');
    expect(html).toContain('Kettle');
    expect(html).toContain('$19.99');
    expect(html).toContain('Summer sale');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Demo Shop' })).toBeInTheDocument());
    expect(recoverable).toEqual([]);
    expect(reported(consoleError)).toEqual([]);
    // The same nodes: React took the server's elements over (no second render of the page).
    const parsed = document.createElement('div');
    parsed.innerHTML = html;
    expect(container.innerHTML).toBe(parsed.innerHTML);
  });

  it('renders a product page with its lazily loaded page in it, hydrated without a mismatch', async () => {
    const { html, consoleError } = await hydrate(boot({ product: PRODUCT }), '/s/demo/p/101');
    expect(html).toContain('Holds tea.');
    expect(html).toContain('Add to cart');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(recoverable).toEqual([]);
    expect(reported(consoleError)).toEqual([]);
  });

  it('keeps markup in titles as text', async () => {
    const evil = '<img src=x onerror="alert(1)">';
    const page = {
      ...PAGE,
      shop: { ...PAGE.shop, name: `</script><script>alert(1)</script>` },
      products: { ...PAGE.products, list: [{ ...PAGE.products.list[0]!, title: evil }] },
    };
    const html = await render(boot({ page }), '/s/demo');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    container.innerHTML = html ?? '';
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain(evil);
  });

  it('preloads the first banner at high priority, sized for the screen', async () => {
    const banner = '/files/banner/2026/11/00000000-0000-4000-8000-000000000000.webp';
    const page = {
      ...PAGE,
      shop: { ...PAGE.shop, banners: [{ imageUrl: banner, linkUrl: null, title: 'Sale' }] },
    };
    const html = (await render(boot({ page }), '/s/demo')) ?? '';
    container.innerHTML = html;
    const preload = container.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(preload?.getAttribute('imagesrcset')).toContain(`${banner}?w=640 640w`);
    expect(preload?.getAttribute('imagesizes')).toBe('(min-width: 72rem) 72rem, 100vw');
    const image = container.querySelector('.sf-banners img');
    expect(image?.getAttribute('srcset')).toBe(preload?.getAttribute('imagesrcset'));
    expect(image?.getAttribute('sizes')).toBe(preload?.getAttribute('imagesizes'));
  });

  it('renders in the page’s language', async () => {
    const html = await render(boot({ language: 'fr' }), '/s/demo');
    expect(html).toContain('Panier');
    expect(html).toContain('19,99');
  });

  it('shows the shop’s default currency, and the buyer’s stored one once hydrated', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    const { html, consoleError } = await hydrate(boot(), '/s/demo');
    expect(html).toContain('$19.99');
    await waitFor(() => expect(container.textContent).toContain('€18.39'));
    expect(recoverable).toEqual([]);
    expect(reported(consoleError)).toEqual([]);
  });

  it('renders no page it cannot know: the cart, another product, no shop', async () => {
    expect(await render(boot(), '/s/demo/cart')).toBeNull();
    expect(await render(boot({ product: PRODUCT }), '/s/demo/p/999')).toBeNull();
    expect(await render(boot({ page: null }), '/s/demo')).toBeNull();
  });
});
