import { ErrorCode, ZBannerForm, ZBannerPage, ZEnvelope, type TBannerForm } from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, operatorWith } from '../../test/users';
import { platformBanners } from './catalog.table';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const PERMS = ['catalog:banner:query', 'catalog:banner:add', 'catalog:banner:edit', 'catalog:banner:delete'];
const { call, expectForbidden } = apiCalls(() => ctx.app, tokens, '/catalog/banners');

async function create(body: Record<string, unknown>): Promise<TBannerForm> {
  const res = await call('manager', 'POST', '', { imageUrl: '/files/banner/a.png', ...body });
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZBannerForm).parse(res.json()).data;
}

async function page(query: string, lang = 'en') {
  const res = await call('manager', 'GET', query, undefined, lang);
  expect(res.statusCode).toBe(200);
  return ZEnvelope(ZBannerPage).parse(res.json()).data;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.manager = await operatorWith(ctx, 'banner-manager', PERMS);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
});
afterAll(() => ctx.close());

describe('platform banners', () => {
  it('creates a banner with translated titles and pages it in the caller language', async () => {
    const made = await create({
      title: 'Bn Summer sale',
      titles: { es: 'Bn Rebajas de verano', fr: '' },
      linkUrl: 'https://example.com/sale',
      sort: 2,
    });
    expect(made).toMatchObject({
      title: 'Bn Summer sale',
      titles: { es: 'Bn Rebajas de verano' },
      imageUrl: '/files/banner/a.png',
      linkUrl: 'https://example.com/sale',
      sort: 2,
      status: 1,
    });
    await create({ title: 'Bn Winter', linkUrl: '', status: 0 });

    const spanish = await page('?keywords=bn%20', 'es');
    expect(spanish.total).toBe(2);
    expect(spanish.list.find((b) => b.id === made.id)?.label).toBe('Bn Rebajas de verano');
    expect(spanish.list.find((b) => b.title === 'Bn Winter')).toMatchObject({
      label: 'Bn Winter',
      linkUrl: null,
    });
    expect((await page('?keywords=REBAJAS')).list.map((b) => b.id)).toEqual([made.id]);
    expect((await page('?keywords=bn&status=0')).list.map((b) => b.title)).toEqual(['Bn Winter']);
    expect((await page('?keywords=%25')).total).toBe(0);
    expect((await call('manager', 'GET', `/${made.id}/form`)).json().data).toEqual(made);
  });

  it('edits a banner and changes its status; an unknown one answers 404', async () => {
    const made = await create({ title: 'Ed Banner', linkUrl: '/s/demo' });
    const res = await call('manager', 'PUT', `/${made.id}`, {
      id: made.id,
      title: 'Ed Banner 2',
      imageUrl: '/files/banner/b.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Ed Banner 2',
      imageUrl: '/files/banner/b.png',
      linkUrl: null,
    });
    expect((await call('manager', 'PATCH', `/${made.id}/status?status=0`)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(platformBanners)
      .where(eq(platformBanners.id, Number(made.id)));
    expect(row?.status).toBe(0);
    const missing = await call('manager', 'PUT', '/999999999', {
      title: 'x',
      imageUrl: '/files/banner/b.png',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a missing English title, a bad image or link address', async () => {
    for (const body of [
      { title: ' ', imageUrl: '/files/banner/a.png' },
      { title: 'Bad', imageUrl: 'javascript:alert(1)' },
      { title: 'Bad', imageUrl: '/files/banner/a.png', linkUrl: 'javascript:alert(1)' },
    ]) {
      const res = await call('manager', 'POST', '', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect(
      await ctx.database.db.select().from(platformBanners).where(eq(platformBanners.title, 'Bad')),
    ).toEqual([]);
  });

  it('refuses a link that a browser reads as another site (/\\evil, //evil, control characters) with a field error', async () => {
    for (const linkUrl of [
      '/\\evil.example',
      '\\/evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\u0001x',
    ]) {
      const res = await call('manager', 'POST', '', {
        title: 'Tricky',
        imageUrl: '/files/banner/a.png',
        linkUrl,
      });
      expect(res.statusCode, JSON.stringify(linkUrl)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.json().data.fields).toContainEqual({
        field: 'linkUrl',
        message:
          'linkUrl must be an http(s) address or a path on this site starting with a single / (no backslash, space or control character)',
      });
    }
    expect(
      await ctx.database.db.select().from(platformBanners).where(eq(platformBanners.title, 'Tricky')),
    ).toEqual([]);
  });

  it('deletes a batch all or none', async () => {
    const a = await create({ title: 'Del A' });
    const b = await create({ title: 'Del B' });
    expect((await call('manager', 'DELETE', `/${a.id},999999999`)).statusCode).toBe(404);
    expect((await page('?keywords=Del')).total).toBe(2);
    expect((await call('manager', 'DELETE', `/${a.id},${b.id}`)).statusCode).toBe(200);
    expect((await page('?keywords=Del')).total).toBe(0);
  });

  it('refuses users without the permission (A0301) and writes nothing', async () => {
    await expectForbidden('guest', [
      ['GET', '', undefined],
      ['POST', '', { title: 'Sneaky', imageUrl: '/files/banner/a.png' }],
      ['DELETE', '/1', undefined],
      ['PATCH', '/1/status?status=0', undefined],
    ]);
    expect(
      await ctx.database.db.select().from(platformBanners).where(eq(platformBanners.title, 'Sneaky')),
    ).toEqual([]);
  });
});
