import {
  ErrorCode,
  INFO_PAGE_KEYS,
  LANGUAGES,
  docToPlainText,
  plainTextToDoc,
  type TInfoPageForm,
  type TInfoPageList,
  type TPublicInfoPage,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser, operatorWith } from '../../test/users';
import { seedInfoPages } from './info-pages.seed';
import { infoPages } from './info-pages.table';

/** Long enough that only the change feed can make a save reach both apps in time. */
const CACHE_MS = 5000;

let ctx: TestContext;
let second: FastifyInstance;
const tokens: Record<string, string> = {};
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens);

const doc = (text: string) => plainTextToDoc(text);
const textOf = (page: { doc: Parameters<typeof docToPlainText>[0] }) => docToPlainText(page.doc);

beforeAll(async () => {
  const env = { CAPTCHA_ENABLED: 'false', STOREFRONT_CACHE_MS: String(CACHE_MS) };
  ctx = await createTestApp({ env });
  second = await buildApp({ config: testConfig(env), database: ctx.database, logger: false });
  await second.ready();
  tokens.editor = await operatorWith(ctx, 'info-editor', ['sys:info-page:query', 'sys:info-page:edit']);
  tokens.reader = await operatorWith(ctx, 'info-reader', ['sys:info-page:query']);
  tokens.admin = await accessTokenFor(ctx.app, 'admin');
  await createUser(ctx.database.db, { username: 'info-creator', password: 'Creator-pw-1' });
  tokens.creator = await accessTokenFor(ctx.app, 'info-creator', 'Creator-pw-1');
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

describe('information pages', () => {
  it('are seeded in every language, and the seed keeps what operators wrote', async () => {
    const list = await ok<TInfoPageList>('editor', 'GET', '/system/info-pages');
    expect(list.map((p) => p.page)).toEqual([...INFO_PAGE_KEYS]);
    for (const page of list) expect(page.versions.map((v) => v.lang).sort()).toEqual([...LANGUAGES].sort());
    const returns = await ok<TInfoPageForm>('editor', 'GET', '/system/info-pages/returns/es');
    expect(textOf(returns)).toContain('30 días');

    await ok('editor', 'PUT', '/system/info-pages/contact/fr', { doc: doc('Écrivez-nous.') });
    expect(await seedInfoPages(ctx.database.db)).toBe(0);
    const contact = await ok<TInfoPageForm>('editor', 'GET', '/system/info-pages/contact/fr');
    expect(textOf(contact)).toBe('Écrivez-nous.');
  });

  it('the admin role holds the permissions through the seeded menu; others are refused', async () => {
    await ok('admin', 'GET', '/system/info-pages');
    await ok('admin', 'PUT', '/system/info-pages/shipping/pt', { doc: doc('Frete grátis.') });

    await expectForbidden('creator', [
      ['GET', '/system/info-pages'],
      ['GET', '/system/info-pages/returns/en'],
      ['PUT', '/system/info-pages/returns/en', { doc: doc('Mine now') }],
    ]);
    await expectForbidden('reader', [['PUT', '/system/info-pages/returns/en', { doc: doc('Mine now') }]]);
    const anonymous = await call(null, 'PUT', '/system/info-pages/returns/en', { doc: doc('x') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with translated field errors', async () => {
    const html = await call(
      'editor',
      'PUT',
      '/system/info-pages/returns/es',
      { doc: { type: 'doc', content: [{ type: 'html', text: '<script>alert(1)</script>' }] } },
      'es',
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(html.json().data.fields[0].field).toBe('doc');

    const unknownPage = await call('editor', 'PUT', '/system/info-pages/about/en', { doc: doc('x') });
    expect(unknownPage.statusCode).toBe(400);
    const unknownLanguage = await call('editor', 'GET', '/system/info-pages/returns/de');
    expect(unknownLanguage.statusCode).toBe(400);

    // English is what the other languages fall back to: it may not be emptied.
    const emptyEnglish = await call('editor', 'PUT', '/system/info-pages/terms/en', { doc: doc('') }, 'fr');
    expect(emptyEnglish.statusCode).toBe(400);
    expect(emptyEnglish.json().data.fields).toEqual([
      { field: 'doc', message: expect.stringMatching(/obligatoire/i) },
    ]);
    expect(textOf(await ok<TInfoPageForm>('editor', 'GET', '/system/info-pages/terms/en'))).toContain(
      'These terms',
    );
  });

  it('a buyer reads a page in their language, else in English', async () => {
    await ok('editor', 'PUT', '/system/info-pages/returns/es', { doc: doc('Devoluciones en 60 días.') });
    const spanish = await ok<TPublicInfoPage>(null, 'GET', '/public/info-pages/returns', undefined, 'es');
    expect(spanish).toMatchObject({ page: 'returns', lang: 'es' });
    expect(textOf(spanish)).toBe('Devoluciones en 60 días.');

    // Emptying a language removes that version: the English one is shown instead.
    const cleared = await ok<TInfoPageForm>('editor', 'PUT', '/system/info-pages/privacy/zh-cn', {
      doc: doc(''),
    });
    expect(cleared.updateTime).toBeNull();
    const list = await ok<TInfoPageList>('editor', 'GET', '/system/info-pages');
    expect(list.find((p) => p.page === 'privacy')?.versions.map((v) => v.lang)).not.toContain('zh-cn');
    const fallback = await ok<TPublicInfoPage>(null, 'GET', '/public/info-pages/privacy', undefined, 'zh-CN');
    expect(fallback.lang).toBe('en');
    expect(textOf(fallback)).toContain('We use your name');
    // And a version missing altogether (never seeded) too.
    await ctx.database.db.delete(infoPages).where(eq(infoPages.lang, 'pt'));
    const missing = await ok<TPublicInfoPage>(null, 'GET', '/public/info-pages/shipping', undefined, 'pt');
    expect(missing.lang).toBe('en');

    const unknown = await call(null, 'GET', '/public/info-pages/about');
    expect(unknown.statusCode).toBe(400);
  });

  it('public answers are cached and forgotten by every process as soon as a save commits', async () => {
    const read = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/public/info-pages/contact',
        headers: { lang: 'es' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      return textOf(res.json<{ data: TPublicInfoPage }>().data);
    };
    await ok('editor', 'PUT', '/system/info-pages/contact/es', { doc: doc('Antes.') });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await read(ctx.app)).toBe('Antes.');
    expect(await read(second)).toBe('Antes.');

    // Within the cache time, only the change feed can make the save reach both processes.
    const started = Date.now();
    await ok('editor', 'PUT', '/system/info-pages/contact/es', { doc: doc('Después.') });
    await expect.poll(() => read(ctx.app), { timeout: 1000, interval: 50 }).toBe('Después.');
    await expect.poll(() => read(second), { timeout: 1000, interval: 50 }).toBe('Después.');
    expect(Date.now() - started).toBeLessThan(CACHE_MS);
  });
});
