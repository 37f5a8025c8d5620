import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE, PRODUCT, renderStorefront, stubApi } from '../test-support';

/** 30 products match any search: pages of 24 named after the search; one in category 1. */
function shopApi() {
  return stubApi({
    'GET /api/v1/public/shops/demo/products': (_: unknown, url: URL) => {
      const keywords = url.searchParams.get('keywords') ?? 'all';
      if (url.searchParams.get('categoryId'))
        return { list: [{ ...PAGE.products.list[0]!, id: '900', title: `${keywords} in Home` }], total: 1 };
      const pageNum = Number(url.searchParams.get('pageNum'));
      const ids = Array.from({ length: 30 }, (_, i) => i + 1).slice((pageNum - 1) * 24, pageNum * 24);
      return {
        list: ids.map((id) => ({ ...PAGE.products.list[0]!, id: String(id), title: `${keywords} ${id}` })),
        total: 30,
      };
    },
    'GET /api/v1/public/shops/demo/products/27': { ...PRODUCT, id: '27', title: 'Product 27' },
  });
}

const productRequests = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname.endsWith('/products'));

const here = () => window.location.pathname + window.location.search;
const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('the shop keeps the buyer’s place', () => {
  afterEach(() => scrolledTo(0));

  it('a search covers the whole shop, says how many it found, and a category narrows it', async () => {
    const fetch = shopApi();
    renderStorefront('/s/demo');

    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByText('all in Home')).toBeInTheDocument();
    expect(here()).toBe('/s/demo?c=1');

    search('tea');
    expect(await screen.findByText('30 products found')).toBeInTheDocument();
    const searched = productRequests(fetch).at(-1)!;
    expect(searched.searchParams.get('keywords')).toBe('tea');
    expect(searched.searchParams.has('categoryId')).toBe(false);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(here()).toBe('/s/demo?q=tea');

    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByText('1 product found in Home')).toBeInTheDocument();
    expect(productRequests(fetch).at(-1)!.searchParams.get('categoryId')).toBe('1');
    expect(here()).toBe('/s/demo?q=tea&c=1');
  });

  it('Back from a product shows the same list, pages loaded with "Show more" included, at the same scroll', async () => {
    const fetch = shopApi();
    renderStorefront('/s/demo?lang=en');
    search('tea');
    expect(await screen.findByText('30 products found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(await screen.findByRole('link', { name: 'tea 30' })).toBeInTheDocument();
    expect(here()).toBe('/s/demo?lang=en&q=tea&page=2');
    const requests = productRequests(fetch).length;

    scrolledTo(2400);
    fireEvent.click(screen.getByRole('link', { name: 'tea 27' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product 27' })).toBeInTheDocument();
    scrolledTo(0);
    vi.mocked(window.scrollTo).mockClear();

    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await act(() => popped);

    expect(here()).toBe('/s/demo?lang=en&q=tea&page=2');
    const links = screen.getAllByRole('link', { name: /^tea \d+$/ });
    expect(links.map((link) => link.textContent)).toEqual(
      Array.from({ length: 30 }, (_, i) => `tea ${i + 1}`),
    );
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('tea');
    expect(screen.getByText('30 products found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
    // Shown from memory: no request, so nothing moves under the buyer's thumb.
    expect(productRequests(fetch)).toHaveLength(requests);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 2400);
  });

  it('a reloaded or shared link loads every page it names', async () => {
    const fetch = shopApi();
    renderStorefront('/s/demo?q=kettle&page=2');
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'kettle 30' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^kettle \d+$/ })).toHaveLength(30);
    expect(
      productRequests(fetch).map((url) => [
        url.searchParams.get('keywords'),
        url.searchParams.get('pageNum'),
      ]),
    ).toEqual([
      ['kettle', '1'],
      ['kettle', '2'],
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('kettle');
    expect(here()).toBe('/s/demo?q=kettle&page=2');
  });
});
