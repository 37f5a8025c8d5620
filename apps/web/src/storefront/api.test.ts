import {
  checkoutRoutes,
  infoPagesRoutes,
  reviewInvitesRoutes,
  STOREFRONT_DATA_ELEMENT_ID,
  storefrontRoutes,
} from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, checkoutApi, EVENTS_PATH, infoPagesApi, setApiLanguage, storefrontApi } from './api';
import { reviewApi } from './pages/review-page';
import { BOOT_ELEMENT_ID, locateShop, readBoot } from './boot';
import { stubApi } from './test-support';

/** The contract's path with its `:params` filled in, as the storefront must call it. */
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');

describe('storefront api', () => {
  it('calls the contract paths (copied to keep zod out of the shop page)', async () => {
    const fetch = stubApi({});
    const calls: [() => Promise<unknown>, string][] = [
      [() => storefrontApi.page('demo'), fill(storefrontRoutes.page.path, { slug: 'demo' })],
      [
        () => storefrontApi.products('demo', { pageNum: 2, pageSize: 24 }),
        fill(storefrontRoutes.products.path, { slug: 'demo' }),
      ],
      [
        () => storefrontApi.product('demo', '7'),
        fill(storefrontRoutes.product.path, { slug: 'demo', id: '7' }),
      ],
      [
        () => storefrontApi.reviews('demo', '7', { pageNum: 1, pageSize: 10 }),
        fill(storefrontRoutes.reviews.path, { slug: 'demo', id: '7' }),
      ],
      [() => checkoutApi.capture({ orderNo: 'LS1', token: 't' }, 'k'), checkoutRoutes.capture.path],
      [() => checkoutApi.receipt({ orderNo: 'LS1', token: 't' }), checkoutRoutes.receipt.path],
      [() => checkoutApi.sandboxApproval('t'), fill(checkoutRoutes.sandboxApproval.path, { token: 't' })],
      [() => checkoutApi.sandboxApprove('t'), fill(checkoutRoutes.sandboxApprove.path, { token: 't' })],
      [() => infoPagesApi.page('returns'), fill(infoPagesRoutes.public.path, { page: 'returns' })],
      [() => reviewApi.invite('t'), fill(reviewInvitesRoutes.invite.path, { token: 't' })],
      [
        () => reviewApi.submit('t', { rating: 5, authorName: 'A', body: 'B' }),
        fill(reviewInvitesRoutes.submit.path, { token: 't' }),
      ],
    ];
    for (const [call, path] of calls) {
      await call().catch(() => undefined);
      expect(new URL(String(fetch.mock.lastCall?.[0]), window.location.origin).pathname).toBe(path);
    }
    expect(String(fetch.mock.calls[1]?.[0])).toContain('?pageNum=2&pageSize=24');
    expect(checkoutRoutes.checkout.path).toBe('/api/v1/public/checkout');
    expect(storefrontRoutes.events.path).toBe(EVENTS_PATH);
  });

  it('unwraps the envelope, sends the language and turns failures into ApiError codes', async () => {
    const fetch = stubApi({
      'GET /api/v1/public/shops/demo/page': { ok: true },
      'POST /api/v1/public/checkout': new Error('Out of stock'),
    });
    setApiLanguage('fr');
    await expect(storefrontApi.page('demo')).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ lang: 'fr' });
    const failure = await checkoutApi.checkout({} as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'B0001', message: 'Out of stock' });
    await expect(storefrontApi.product('demo', '1')).rejects.toMatchObject({ code: 'A0404' });
    setApiLanguage('en');
  });

  it('sends the Idempotency-Key of the buyer action on checkout and capture', async () => {
    const fetch = stubApi({});
    await checkoutApi.checkout({ checkoutKey: 'attempt-key-0123456789' } as never).catch(() => undefined);
    expect(fetch.mock.lastCall?.[1]?.headers).toMatchObject({ 'Idempotency-Key': 'attempt-key-0123456789' });
    await checkoutApi.capture({ orderNo: 'LS1', token: 't' }, 'capture-key').catch(() => undefined);
    expect(fetch.mock.lastCall?.[1]?.headers).toMatchObject({ 'Idempotency-Key': 'capture-key' });
    await checkoutApi.receipt({ orderNo: 'LS1', token: 't' }).catch(() => undefined);
    expect(fetch.mock.lastCall?.[1]?.headers).not.toHaveProperty('Idempotency-Key');
  });
});

describe('boot data', () => {
  it('reads the embedded JSON and ignores a broken one', () => {
    expect(BOOT_ELEMENT_ID).toBe(STOREFRONT_DATA_ELEMENT_ID);
    document.body.innerHTML = `<script id="storefront-data" type="application/json">{"basePath":"/s/demo","language":"en","page":null,"product":null}</script>`;
    expect(readBoot(document)).toEqual({ basePath: '/s/demo', language: 'en', page: null, product: null });
    document.body.innerHTML = `<script id="storefront-data" type="application/json">{oops</script>`;
    expect(readBoot(document)).toBeNull();
    document.body.innerHTML = '';
    expect(readBoot(document)).toBeNull();
  });

  it('finds the shop in the path or the subdomain without boot data', () => {
    expect(locateShop({ pathname: '/s/Demo/p/3', hostname: 'linkstore.example' })).toEqual({
      basePath: '/s/Demo',
      slug: 'demo',
    });
    expect(locateShop({ pathname: '/cart', hostname: 'demo.shops.example' })).toEqual({
      basePath: '',
      slug: 'demo',
    });
    expect(locateShop({ pathname: '/payresult', hostname: 'demo.shops.example' })).toEqual({
      basePath: '',
      slug: null,
    });
    expect(locateShop({ pathname: '/', hostname: '127.0.0.1' })).toEqual({ basePath: '', slug: null });
  });
});
