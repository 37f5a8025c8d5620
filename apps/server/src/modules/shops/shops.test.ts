import { ErrorCode } from '@linkstore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type TMethod } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { SLUG_CHECKS_PER_MINUTE } from './shops.service';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PASSWORD = 'Shop-owner-pw-1';

const { call, ok } = apiCalls(() => ctx.app, tokens);

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  for (const name of ['anna', 'bruno', 'carla', 'dora', 'emil']) {
    await createUser(ctx.database.db, { username: `shop-${name}`, password: PASSWORD });
    tokens[name] = await accessTokenFor(ctx.app, `shop-${name}`, PASSWORD);
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('my shop', () => {
  it('is null before it is opened; the owner opens exactly one', async () => {
    expect(await ok('anna', 'GET', '/shop')).toBeNull();
    const shop = await ok<{ slug: string; name: string; defaultPercentage: number; rounding: string }>(
      'anna',
      'POST',
      '/shop',
      { name: "Anna's picks", slug: 'anna-picks' },
    );
    expect(shop).toMatchObject({
      slug: 'anna-picks',
      name: "Anna's picks",
      defaultPercentage: 200,
      rounding: 'none',
    });
    expect(await ok('anna', 'GET', '/shop')).toMatchObject({ slug: 'anna-picks' });
    const again = await call('anna', 'POST', '/shop', { name: 'Second', slug: 'anna-second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.SHOP_EXISTS);
    await ok('bruno', 'POST', '/shop', { name: 'Bruno', slug: 'bruno' });
  });

  it('refuses malformed, reserved and taken slugs with a translated message', async () => {
    for (const slug of [
      'ab',
      'Upper',
      'double--hyphen',
      '-start',
      'end-',
      'with space',
      'x'.repeat(41),
      'ünï',
    ]) {
      const res = await call('carla', 'POST', '/shop', { name: 'Carla', slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
    const reserved = await call('carla', 'POST', '/shop', { name: 'Carla', slug: 'admin' }, 'es');
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toMatchObject({
      code: ErrorCode.SLUG_TAKEN,
      msg: 'El enlace "admin" está reservado, elige otro.',
      data: { fields: [{ field: 'slug', message: 'El enlace "admin" está reservado, elige otro.' }] },
    });
    const taken = await call('carla', 'POST', '/shop', { name: 'Carla', slug: 'bruno' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: ErrorCode.SLUG_TAKEN, data: { fields: [{ field: 'slug' }] } });
    expect(await ok('carla', 'GET', '/shop')).toBeNull();
  });

  it('edits only the fields sent; image addresses must be http(s) or site paths', async () => {
    const shop = await ok('anna', 'PUT', '/shop', {
      description: 'Things I love',
      bannerUrl: '/files/banner.webp',
      imageUrl: 'https://cdn.example.com/a.png',
    });
    expect(shop).toMatchObject({
      name: "Anna's picks",
      description: 'Things I love',
      bannerUrl: '/files/banner.webp',
    });
    for (const bad of ['javascript:alert(1)', '//evil.example.com/x.png', 'data:image/png;base64,AAAA']) {
      const res = await call('anna', 'PUT', '/shop', { imageUrl: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(await ok('anna', 'PUT', '/shop', { imageUrl: null })).toMatchObject({ imageUrl: null });
  });

  it('a rename keeps the old link as a redirect, and the old slug stays taken by its shop', async () => {
    await ok('anna', 'PUT', '/shop', { slug: 'anna-finds' });
    expect(await ok(null, 'GET', '/public/shops/anna-picks')).toEqual({ redirectTo: 'anna-finds' });
    expect(await ok(null, 'GET', '/public/shops/anna-finds')).toMatchObject({
      slug: 'anna-finds',
      name: "Anna's picks",
      description: 'Things I love',
    });
    const slugTaken = { code: ErrorCode.SLUG_TAKEN, data: { fields: [{ field: 'slug' }] } };
    const stolen = await call('carla', 'POST', '/shop', { name: 'Carla', slug: 'anna-picks' });
    expect({ status: stolen.statusCode, body: stolen.json() }).toMatchObject({
      status: 409,
      body: slugTaken,
    });
    const renamed = await call('bruno', 'PUT', '/shop', { slug: 'anna-picks' });
    expect({ status: renamed.statusCode, body: renamed.json() }).toMatchObject({
      status: 409,
      body: slugTaken,
    });
    // A second rename: both old links lead to the current one.
    await ok('anna', 'PUT', '/shop', { slug: 'anna-store' });
    expect(await ok(null, 'GET', '/public/shops/anna-picks')).toEqual({ redirectTo: 'anna-store' });
    expect(await ok(null, 'GET', '/public/shops/anna-finds')).toEqual({ redirectTo: 'anna-store' });
    // Back to an old name of its own: allowed, and the name it leaves redirects.
    await ok('anna', 'PUT', '/shop', { slug: 'anna-picks' });
    expect(await ok(null, 'GET', '/public/shops/anna-picks')).toMatchObject({ slug: 'anna-picks' });
    expect(await ok(null, 'GET', '/public/shops/anna-store')).toEqual({ redirectTo: 'anna-picks' });
    const unknown = await call(null, 'GET', '/public/shops/nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('payout account and the quick start', () => {
  it('has no payout account until one is connected through PayPal; PUT does not set it', async () => {
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({ paypalEmail: null, paypalVerified: false });
    // Not a field of the edit any more (paypal-binding.test.ts connects one): nothing is stored.
    await ok('bruno', 'PUT', '/shop', { paypalEmail: 'bruno.pay@example.com', description: 'Hi' });
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({
      description: 'Hi',
      paypalEmail: null,
      paypalVerified: false,
    });
  });

  it('keeps the first time the link was shared', async () => {
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({ linkSharedAt: null });
    const first = await ok<{ linkSharedAt: string | null }>('bruno', 'POST', '/shop/shared');
    expect(first.linkSharedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await ok<{ linkSharedAt: string | null }>('bruno', 'POST', '/shop/shared');
    expect(again.linkSharedAt).toBe(first.linkSharedAt);
    const none = await call('carla', 'POST', '/shop/shared');
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('You have not opened your shop yet.');
  });
});

describe('banners', () => {
  it('adds, edits, orders and deletes the banners of my shop; the public page shows them', async () => {
    const first = await ok<{ id: string; sort: number }>('anna', 'POST', '/shop/banners', {
      imageUrl: '/files/one.webp',
      title: 'One',
    });
    const second = await ok<{ id: string; sort: number }>('anna', 'POST', '/shop/banners', {
      imageUrl: '/files/two.webp',
      linkUrl: 'https://example.com/sale',
    });
    expect(second.sort).toBeGreaterThan(first.sort);
    await ok('anna', 'PUT', `/shop/banners/${first.id}`, { imageUrl: '/files/one-b.webp', title: 'One b' });
    const ordered = await ok<{ id: string }[]>('anna', 'PUT', '/shop/banners/order', {
      ids: [second.id, first.id],
    });
    expect(ordered.map((b) => b.id)).toEqual([second.id, first.id]);
    const incomplete = await call('anna', 'PUT', '/shop/banners/order', { ids: [second.id] });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe(ErrorCode.LIST_MISMATCH);
    const page = await ok<{ banners: { imageUrl: string }[] }>(null, 'GET', '/public/shops/anna-picks');
    expect(page.banners.map((b) => b.imageUrl)).toEqual(['/files/two.webp', '/files/one-b.webp']);
    await ok('anna', 'DELETE', `/shop/banners/${second.id}`);
    expect((await ok<{ id: string }[]>('anna', 'GET', '/shop/banners')).map((b) => b.id)).toEqual([first.id]);
  });

  it('refuses a banner link that a browser reads as another site, and stores nothing', async () => {
    const before = await ok<{ id: string }[]>('anna', 'GET', '/shop/banners');
    for (const linkUrl of ['/\\evil.example', '\\/evil.example', '//evil.example', '/\n/evil.example']) {
      const res = await call('anna', 'POST', '/shop/banners', { imageUrl: '/files/x.webp', linkUrl });
      expect(res.statusCode, JSON.stringify(linkUrl)).toBe(400);
      expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain('linkUrl');
    }
    expect(await ok<{ id: string }[]>('anna', 'GET', '/shop/banners')).toEqual(before);
  });

  it('without a shop the banner endpoints say so', async () => {
    const res = await call('carla', 'GET', '/shop/banners');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('You have not opened your shop yet.');
  });
});

describe('tenant isolation', () => {
  it("a creator can neither read nor change another shop's banners", async () => {
    const annas = await ok<{ id: string }[]>('anna', 'GET', '/shop/banners');
    const annaBanner = annas[0]?.id ?? '';
    expect(annaBanner).not.toBe('');
    const brunoBanner = await ok<{ id: string }>('bruno', 'POST', '/shop/banners', {
      imageUrl: '/files/b.webp',
    });
    expect((await ok<{ id: string }[]>('bruno', 'GET', '/shop/banners')).map((b) => b.id)).toEqual([
      brunoBanner.id,
    ]);
    const attempts = [
      await call('bruno', 'PUT', `/shop/banners/${annaBanner}`, { imageUrl: '/files/hijack.webp' }),
      await call('bruno', 'DELETE', `/shop/banners/${annaBanner}`),
      await call('bruno', 'PUT', '/shop/banners/order', { ids: [annaBanner, brunoBanner.id] }),
      await call('bruno', 'PUT', '/shop/banners/order', { ids: [annaBanner] }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe(ErrorCode.NOT_FOUND);
    }
    expect(await ok('anna', 'GET', '/shop/banners')).toEqual(annas);
    // GET/PUT /shop are always the caller's own: Bruno's edits never reach Anna's shop.
    await ok('bruno', 'PUT', '/shop', { name: 'Bruno renamed' });
    expect(await ok('anna', 'GET', '/shop')).toMatchObject({ name: "Anna's picks" });
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({ name: 'Bruno renamed', slug: 'bruno' });
  });

  it('a visitor gets 1002 from every endpoint of a shop', async () => {
    const visits: [TMethod, string, unknown?][] = [
      ['GET', '/shop'],
      ['POST', '/shop', { name: 'X', slug: 'visitor' }],
      ['PUT', '/shop', { name: 'X' }],
      ['GET', '/shop/banners'],
      ['POST', '/shop/banners', { imageUrl: '/files/x.webp' }],
      ['PUT', '/shop/banners/1', { imageUrl: '/files/x.webp' }],
      ['DELETE', '/shop/banners/1'],
      ['PUT', '/shop/banners/order', { ids: ['1'] }],
      ['POST', '/shop/shared'],
      ['POST', '/shop/prices/kept'],
      ['GET', '/shop/slug-check?slug=free-name'],
    ];
    for (const [method, url, payload] of visits) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
    }
  });
});

describe('keeping the suggested prices (quick start step 3)', () => {
  it('counts as done once, remembered on the server, and changes no price', async () => {
    const before = await ok<{ pricesSavedAt: string | null; defaultPercentage: number; rounding: string }>(
      'bruno',
      'GET',
      '/shop',
    );
    expect(before.pricesSavedAt).toBeNull();
    const kept = await ok<{ pricesSavedAt: string | null }>('bruno', 'POST', '/shop/prices/kept');
    expect(kept.pricesSavedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await ok<{ pricesSavedAt: string | null }>('bruno', 'POST', '/shop/prices/kept');
    expect(again.pricesSavedAt).toBe(kept.pricesSavedAt);
    expect(await ok('bruno', 'GET', '/shop')).toMatchObject({
      pricesSavedAt: kept.pricesSavedAt,
      defaultPercentage: before.defaultPercentage,
      rounding: before.rounding,
    });
    expect(await ok('bruno', 'GET', '/pricing/settings')).toMatchObject({ categories: [] });
  });

  it("without a shop it says so, in the caller's language", async () => {
    const none = await call('carla', 'POST', '/shop/prices/kept');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: 'You have not opened your shop yet.',
    });
  });
});

describe('checking a link name while typing', () => {
  type TCheck = { slug: string; status: string; problem: string | null; suggestions: string[] };
  const check = (who: string, slug: string) =>
    ok<TCheck>(who, 'GET', `/shop/slug-check?slug=${encodeURIComponent(slug)}`);

  it('answers available, taken (with free suggestions) or invalid, by the rules of opening a shop', async () => {
    expect(await check('carla', 'carla-corner')).toEqual({
      slug: 'carla-corner',
      status: 'available',
      problem: null,
      suggestions: [],
    });
    // Trimmed and lower-cased, like the form sends it.
    expect(await check('carla', '  Carla-Corner ')).toMatchObject({
      slug: 'carla-corner',
      status: 'available',
    });
    expect(await check('carla', 'bruno')).toEqual({
      slug: 'bruno',
      status: 'taken',
      problem: 'taken',
      suggestions: ['bruno-shop', 'bruno-2'],
    });
    // A suggestion another shop has is skipped.
    await ok('dora', 'POST', '/shop', { name: 'Dora', slug: 'bruno-shop' });
    expect((await check('carla', 'bruno')).suggestions).toEqual(['bruno-2', 'my-bruno']);
    for (const [slug, problem] of [
      ['admin', 'reserved'],
      ['ab', 'length'],
      ['x'.repeat(41), 'length'],
      ['double--hyphen', 'format'],
      ['-start', 'format'],
      ['ünï', 'format'],
    ] as const) {
      expect(await check('carla', slug), slug).toMatchObject({ status: 'invalid', problem, suggestions: [] });
    }
  });

  it("counts old names that still redirect as taken, except the caller's own", async () => {
    // Anna's shop was anna-finds and anna-store before it went back to anna-picks.
    expect(await check('carla', 'anna-finds')).toMatchObject({ status: 'taken' });
    expect(await check('carla', 'anna-picks')).toMatchObject({ status: 'taken' });
    expect(await check('anna', 'anna-finds')).toMatchObject({ status: 'available' });
    expect(await check('anna', 'anna-picks')).toMatchObject({ status: 'available' });
    // What the check answers is what opening the shop does.
    const opened = await call('carla', 'POST', '/shop', { name: 'Carla', slug: 'anna-finds' });
    expect(opened.json().code).toBe(ErrorCode.SLUG_TAKEN);
  });

  it('refuses a missing or overlong query with a translated field message', async () => {
    for (const url of [
      '/shop/slug-check',
      '/shop/slug-check?slug=',
      `/shop/slug-check?slug=${'y'.repeat(61)}`,
    ]) {
      const res = await call('carla', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        data: { fields: [{ field: 'slug' }] },
      });
    }
  });

  it('is limited per creator', async () => {
    for (let i = 0; i < SLUG_CHECKS_PER_MINUTE; i++) await check('emil', `emil-${i}`);
    const limited = await call('emil', 'GET', '/shop/slug-check?slug=emil-last');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.RATE_LIMITED);
    // Another creator is not affected.
    expect(await check('carla', 'carla-corner')).toMatchObject({ status: 'available' });
  });
});
