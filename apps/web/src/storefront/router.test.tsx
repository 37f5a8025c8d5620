import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  interceptLinks,
  matchRoute,
  navigate,
  replaceQuery,
  useNavigationKey,
  useRestoreScroll,
} from './router';

describe('matchRoute', () => {
  it('reads shop pages under the base path and payment pages at the root', () => {
    expect(matchRoute('/s/demo', '/s/demo')).toEqual({ name: 'shop' });
    expect(matchRoute('/s/demo/', '/s/demo')).toEqual({ name: 'shop' });
    expect(matchRoute('/s/demo/p/42', '/s/demo')).toEqual({ name: 'product', id: '42' });
    expect(matchRoute('/s/demo/cart', '/s/demo')).toEqual({ name: 'cart' });
    expect(matchRoute('/s/demo/checkout', '/s/demo')).toEqual({ name: 'checkout' });
    expect(matchRoute('/payauth', '/s/demo')).toEqual({ name: 'payauth' });
    expect(matchRoute('/payresult', '')).toEqual({ name: 'payresult' });
  });

  it('reads a shop subdomain, where the base path is empty', () => {
    expect(matchRoute('/', '')).toEqual({ name: 'shop' });
    expect(matchRoute('/p/7', '')).toEqual({ name: 'product', id: '7' });
  });

  it('refuses other shops, bad ids and unknown pages', () => {
    expect(matchRoute('/s/other', '/s/demo')).toEqual({ name: 'notFound' });
    expect(matchRoute('/s/demox', '/s/demo')).toEqual({ name: 'notFound' });
    expect(matchRoute('/s/demo/p/0', '/s/demo')).toEqual({ name: 'notFound' });
    expect(matchRoute('/s/demo/p/abc', '/s/demo')).toEqual({ name: 'notFound' });
    expect(matchRoute('/s/demo/admin', '/s/demo')).toEqual({ name: 'notFound' });
  });

  it("reads an order link's page and Find my order, refusing what is not an order link's token", () => {
    const token = `k3j9q-t1a2b3.${'Ab_-9'.repeat(9)}`;
    expect(matchRoute(`/s/demo/order/${token}`, '/s/demo')).toEqual({ name: 'order', token });
    expect(matchRoute(`/order/${token}/`, '')).toEqual({ name: 'order', token });
    expect(matchRoute('/s/demo/orders/find', '/s/demo')).toEqual({ name: 'findOrder' });
    expect(matchRoute('/orders/find', '')).toEqual({ name: 'findOrder' });
    for (const bad of [
      'order/',
      `order/${'a'.repeat(30)}`,
      `order/abc.${'x'.repeat(20)}`,
      `order/abcd.${'x'.repeat(19)}`,
      `order/abcd.${'x'.repeat(65)}`,
      `order/${'a'.repeat(41)}.${'x'.repeat(20)}`,
      `order/ab+d.${'x'.repeat(20)}`,
      `order/${token}/more`,
      'orders',
      'orders/find/x',
    ]) {
      expect(matchRoute(`/s/demo/${bad}`, '/s/demo'), bad).toEqual({ name: 'notFound' });
    }
    // Another shop's link is not this shop's page.
    expect(matchRoute(`/s/other/order/${token}`, '/s/demo')).toEqual({ name: 'notFound' });
  });
});

describe('interceptLinks', () => {
  let stop = () => {};
  afterEach(() => stop());

  const click = (href: string, init: MouseEventInit = {}) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    document.body.append(anchor);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    anchor.dispatchEvent(event);
    anchor.remove();
    return event.defaultPrevented;
  };

  it('navigates in place for plain clicks on storefront links, scrolling to the top', () => {
    window.history.pushState(null, '', '/s/demo');
    stop = interceptLinks(document.body, '/s/demo');
    let popped = 0;
    window.addEventListener('popstate', () => (popped += 1), { once: true });

    expect(click('/s/demo/p/5')).toBe(true);
    expect(window.location.pathname).toBe('/s/demo/p/5');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    window.history.back();
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(popped).toBe(1);
        resolve();
      }, 50),
    );
  });

  it('leaves other sites, other pages and modified clicks to the browser', () => {
    stop = interceptLinks(document.body, '/s/demo');
    // preventDefault on these would swallow the click; jsdom does not navigate anyway.
    expect(click('https://example.com/s/demo')).toBe(false);
    expect(click('/s/other')).toBe(false);
    expect(click('/s/demo/cart', { ctrlKey: true })).toBe(false);
  });
});

describe('the buyer’s place in the URL and the scroll position', () => {
  const scrolledTo = (y: number) =>
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  afterEach(() => scrolledTo(0));

  function Page({ ready }: { ready: boolean }) {
    useRestoreScroll(ready);
    return <p>visit {useNavigationKey()}</p>;
  }

  it('replaceQuery sets and removes its parameters, keeps the others and is not a new visit', () => {
    window.history.pushState(null, '', '/s/demo?lang=es&q=old&page=3');
    render(<Page ready />);
    const visit = screen.getByText(/^visit/).textContent;
    const length = window.history.length;

    replaceQuery({ q: 'tea pot', c: '12', page: undefined });

    expect(window.location.pathname + window.location.search).toBe('/s/demo?lang=es&q=tea+pot&c=12');
    expect(window.history.length).toBe(length);
    expect(screen.getByText(/^visit/).textContent).toBe(visit);
  });

  it('Back to a page scrolls to where the buyer left it once the page is ready; a link goes to the top', async () => {
    window.history.pushState(null, '', '/s/demo?q=tea');
    const view = render(<Page ready={false} />);
    scrolledTo(1234);
    act(() => navigate('/s/demo/p/5'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(0);
    vi.mocked(window.scrollTo).mockClear();

    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await act(() => popped);
    expect(window.location.search).toBe('?q=tea');
    // Not yet: the list is still loading, the page is too short to scroll to it.
    expect(window.scrollTo).not.toHaveBeenCalled();
    view.rerender(<Page ready />);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 1234);

    // Taken once: a later render does not scroll again, nor does a visit by a link.
    vi.mocked(window.scrollTo).mockClear();
    view.rerender(<Page ready={false} />);
    view.rerender(<Page ready />);
    act(() => navigate('/s/demo/p/6'));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the position as the buyer scrolls, for the entry scrolled; an entry with none kept opens at the top', async () => {
    window.history.pushState(null, '', '/s/demo/cart');
    const view = render(<Page ready />);
    scrolledTo(300);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((window.history.state as { scrollY?: number }).scrollY).toBe(300);

    // An entry from before the storefront kept positions (nothing in its state).
    window.history.pushState(null, '', '/s/demo/checkout');
    window.history.pushState(null, '', '/s/demo/p/9');
    scrolledTo(900);
    vi.mocked(window.scrollTo).mockClear();
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await act(() => popped);
    view.rerender(<Page ready={false} />);
    view.rerender(<Page ready />);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
