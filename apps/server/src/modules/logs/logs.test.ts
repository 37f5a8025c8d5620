import {
  ZConsoleOverview,
  ZEnvelope,
  ZLogPage,
  ZVisitStats,
  ZVisitTrend,
  type TLogItem,
  type TLogPage,
} from '@linkstore/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, OPERATOR_PASSWORD, operatorWith } from '../../test/users';
import { operationLogs, visitDays } from './logs.table';
import { errorBlock, neutraliseLogMarkers } from './log-markers';
import { growthRate, pruneOldLogs } from './logs.service';
import { utcDayOf as utcDay } from '../../platform/http/days';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call, ok, expectForbidden } = apiCalls(() => ctx.app, tokens);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  tokens.auditor = await operatorWith(ctx, 'log-auditor', ['sys:log:query', 'sys:order:query']);
  tokens.configurer = await operatorWith(ctx, 'log-configurer', ['sys:config:add', 'sys:config:update']);
  tokens.guest = await accessTokenFor(ctx.app, 'test');
  await ctx.app.operationLogs.flush();
});
afterAll(() => ctx.close());

async function logPage(query: string): Promise<TLogPage> {
  await ctx.app.operationLogs.flush();
  const data = await ok<TLogPage>('auditor', 'GET', `/logs/page?pageSize=100&${query}`);
  return ZLogPage.parse(data);
}

const rowsOfUri = async (uri: string) =>
  ctx.database.db.select().from(operationLogs).where(eq(operationLogs.requestUri, uri));

describe('operation logs', () => {
  it('a change writes exactly one row after the flush, with its fields and no secrets', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/config?token=secret-in-query',
      headers: { authorization: `Bearer ${tokens.configurer ?? ''}`, 'user-agent': UA },
      payload: { name: 'Logged setting', key: 'LOGGED_KEY', value: 'top-secret-value' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing is written before the flush: the request did not wait for its row.
    expect(await rowsOfUri('/api/v1/config')).toHaveLength(0);
    await ctx.app.operationLogs.flush();
    const rows = await rowsOfUri('/api/v1/config');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      module: 'config',
      content: 'Adds a setting; the key must be unused',
      requestUri: '/api/v1/config',
      method: 'POST',
      ip: '127.0.0.1',
      browser: 'Chrome 131',
      os: 'Windows 10',
      status: 200,
      resultCode: '1',
      success: true,
    });
    expect(row.executionMs).toBeGreaterThanOrEqual(0);
    const [configurer] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'log-configurer'));
    expect(row.userId).toBe(configurer?.id);
    const text = JSON.stringify(row);
    expect(text).not.toContain('top-secret-value');
    expect(text).not.toContain('secret-in-query');
    expect(text).not.toContain(tokens.configurer);

    const page = await logPage('keywords=LOG-CONFIGURER');
    expect(page.list.map((l) => l.operator)).toContain('log-configurer');
  });

  it('logs sign-ins, successful (with who) and failed (nobody, an error block), never the password', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'log-configurer', password: OPERATOR_PASSWORD },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'log-configurer', password: 'wrong-password-9' },
    });
    const page = await logPage('module=login');
    const [failed, succeeded] = page.list;
    expect(succeeded).toMatchObject({
      module: 'login',
      success: true,
      operator: 'log-configurer',
      status: 200,
    });
    expect(failed).toMatchObject({ module: 'login', success: false, createBy: null, operator: '' });
    expect(failed?.resultCode).toBe('A0210');
    expect(failed?.content).toMatch(/\n\[error\]A0210 .+\[\/error\]$/);
    const all = JSON.stringify(await ctx.database.db.select().from(operationLogs));
    expect(all).not.toContain(OPERATOR_PASSWORD);
    expect(all).not.toContain('wrong-password-9');
  });

  it('logs each change once', async () => {
    const created = await ok<{ id: string }>('configurer', 'POST', '/config', {
      name: 'Batch',
      key: 'BATCH_KEY',
      value: '0',
    });
    for (let i = 1; i <= 20; i += 1) {
      await ok('configurer', 'PUT', `/config/${created.id}`, {
        name: 'Batch',
        key: 'BATCH_KEY',
        value: String(i),
      });
    }
    await ctx.app.operationLogs.flush();
    expect(await rowsOfUri(`/api/v1/config/${created.id}`)).toHaveLength(20);
  });

  it('writes many requests in one transaction', async () => {
    // Its own app, whose logs wait longer than the test takes: with the usual second, a slow
    // machine's timer wrote some of them in between (and, once, every one before it looked).
    const own = await createTestApp({ env: { CAPTCHA_ENABLED: 'false', LOG_FLUSH_MS: '60000' } });
    try {
      const configurer = await operatorWith(own, 'batch-configurer', ['sys:config:add', 'sys:config:update']);
      const { ok: okHere } = apiCalls(() => own.app, { configurer });
      await own.app.operationLogs.flush();
      const before = own.app.operationLogs.written();
      const created = await okHere<{ id: string }>('configurer', 'POST', '/config', {
        name: 'Batch',
        key: 'BATCH_KEY',
        value: '0',
      });
      const n = 20;
      for (let i = 1; i <= n; i += 1) {
        await okHere('configurer', 'PUT', `/config/${created.id}`, {
          name: 'Batch',
          key: 'BATCH_KEY',
          value: String(i),
        });
      }
      expect(own.app.operationLogs.pending()).toBe(n + 1);
      await own.app.operationLogs.flush();
      const after = own.app.operationLogs.written();
      expect(after.logs - before.logs).toBe(n + 1);
      expect(after.batches - before.batches).toBe(1);
      const rows = await own.database.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.requestUri, `/api/v1/config/${created.id}`));
      expect(rows).toHaveLength(n);
    } finally {
      await own.close();
    }
  });

  it('filters by keywords, module, result and days', async () => {
    await call('configurer', 'POST', '/config', { name: '', key: 'bad key!', value: '' });
    const failures = await logPage('status=failure&module=config');
    expect(failures.list.length).toBeGreaterThan(0);
    expect(failures.list.every((l: TLogItem) => !l.success && l.module === 'config')).toBe(true);
    expect(failures.list[0]?.resultCode).toBe('A0400');

    const successes = await logPage('status=success&module=config');
    expect(successes.list.every((l) => l.success)).toBe(true);
    expect(successes.total).toBeGreaterThanOrEqual(22);

    const today = utcDay(new Date());
    expect((await logPage(`startDate=${today}&endDate=${today}&module=config`)).total).toBe(
      failures.total + successes.total,
    );
    expect((await logPage('startDate=2001-01-01&endDate=2001-01-02')).total).toBe(0);
    expect((await logPage('keywords=Edits a setting')).total).toBe(20);
    expect((await logPage('keywords=nothing-like-this')).total).toBe(0);
    const bad = await call('auditor', 'GET', '/logs/page?startDate=yesterday');
    expect(bad.json()).toMatchObject({ code: 'A0400' });
  });

  it('is read only with its permission', async () => {
    await expectForbidden('guest', [
      ['GET', '/logs/page'],
      ['GET', '/logs/visit-stats'],
      ['GET', '/logs/visit-trend?startDate=2026-01-01&endDate=2026-01-07'],
      ['GET', '/console/overview'],
    ]);
    await expectForbidden('configurer', [['GET', '/logs/page']]);
  });

  it('prunes rows older than the retention period', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    await ctx.database.db.insert(operationLogs).values({
      module: 'config',
      content: 'Old',
      requestUri: '/api/v1/old-one',
      method: 'POST',
      ip: '10.0.0.1',
      browser: 'x',
      os: 'y',
      executionMs: 1,
      status: 200,
      success: true,
      createdAt: old,
    });
    await ctx.database.db.insert(visitDays).values({ day: utcDay(old), userId: 1, ip: '10.0.0.1', views: 3 });
    const recent = (await rowsOfUri('/api/v1/config')).length;
    expect(recent).toBeGreaterThan(0);
    await pruneOldLogs(ctx.database.db, 90);
    expect(await rowsOfUri('/api/v1/old-one')).toHaveLength(0);
    expect(
      await ctx.database.db
        .select()
        .from(visitDays)
        .where(eq(visitDays.day, utcDay(old))),
    ).toHaveLength(0);
    expect(await rowsOfUri('/api/v1/config')).toHaveLength(recent);
  });
});

describe('visits', () => {
  it('counts signed-in page loads per day: trend, totals and growth', async () => {
    const stats0 = ZVisitStats.parse(await ok('auditor', 'GET', '/logs/visit-stats'));
    for (let i = 0; i < 3; i += 1) await ok('guest', 'GET', '/users/me');
    await ok('auditor', 'GET', '/users/me');
    await call(null, 'GET', '/users/me');
    await ctx.app.operationLogs.flush();
    const stats = ZVisitStats.parse(await ok('auditor', 'GET', '/logs/visit-stats'));
    expect(stats.todayPvCount - stats0.todayPvCount).toBe(4);
    expect(stats.todayUvCount).toBe(Math.max(2, stats0.todayUvCount));
    expect(stats.totalPvCount).toBeGreaterThanOrEqual(stats.todayPvCount);

    const today = utcDay(new Date());
    const sixAgo = utcDay(new Date(Date.now() - 6 * 86_400_000));
    const trend = ZVisitTrend.parse(
      await ok('auditor', 'GET', `/logs/visit-trend?startDate=${sixAgo}&endDate=${today}`),
    );
    expect(trend.dates).toHaveLength(7);
    expect(trend.dates.at(-1)).toBe(today);
    expect(trend.pvList.at(-1)).toBe(stats.todayPvCount);
    expect(trend.ipList.at(-1)).toBe(1);
    expect(trend.pvList.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    const reversed = await call('auditor', 'GET', `/logs/visit-trend?startDate=${today}&endDate=${sixAgo}`);
    expect(reversed.json()).toMatchObject({ code: 'A0400' });
  });

  it('growth is today against yesterday, to two decimals', () => {
    expect(growthRate(3, 2)).toBe(0.5);
    expect(growthRate(1, 3)).toBe(-0.67);
    expect(growthRate(5, 0)).toBeNull();
  });
});

describe('console overview', () => {
  it('answers the commerce figures and the online users', async () => {
    const data = ZEnvelope(ZConsoleOverview).parse(
      (await call('auditor', 'GET', '/console/overview')).json(),
    ).data;
    expect(data.onlineUsers).toBe(0);
    expect(data.todayOrders).toBeGreaterThanOrEqual(0);
    expect(data.flaggedOrders).toBeGreaterThanOrEqual(0);
  });
});

describe('caller text in log rows (issue 31)', () => {
  /** Closes the server's error block, plants a download link to another site, opens a block. */
  const PLANTED = '[/error][download]{"href":"/\\\\evil.example","download":"a.xlsx"}[/download][error]';
  /** A stored row may hold the server's one error block, and no other marker. */
  const expectOnlyOwnMarkers = (content: string) => {
    expect(content).not.toMatch(/\[\/?\s*download\s*\]/i);
    expect(content).not.toContain('evil.example');
    expect(content.match(/\[\/?[a-z]+\]/gi) ?? []).toEqual(['[error]', '[/error]']);
    expect(content).toMatch(/\n\[error\][^[\]]*\[\/error\]$/);
  };

  it('a hostile Content-Type is not echoed: the 415 answer and its log row hold no marker', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/config',
      headers: {
        authorization: `Bearer ${tokens.configurer ?? ''}`,
        'content-type': `text/x-${PLANTED}`,
      },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).not.toContain('download');
    await ctx.app.operationLogs.flush();
    const [row] = (await rowsOfUri('/api/v1/config')).filter((r) => r.status === 415);
    expect(row?.resultCode).toBe('A0415');
    expectOnlyOwnMarkers(row?.content ?? '');
  });

  it('an unknown address is not echoed into the 404 answer or its log row', async () => {
    // Brackets pass Node's parser as they are: the path is the caller's text.
    const uri = '/api/v1/config-[/error][info]planted[/info][error]';
    const missing = await call('configurer', 'POST', uri.slice('/api/v1'.length), {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).not.toContain('planted');
    await ctx.app.operationLogs.flush();
    const [notFound] = await rowsOfUri(uri);
    expectOnlyOwnMarkers(notFound?.content ?? '');
  });
});

describe('neutraliseLogMarkers', () => {
  it('turns every marker-shaped tag into full-width brackets, the text still readable', () => {
    expect(neutraliseLogMarkers('a [download]{"href":"//x"}[/download] [ERROR]b[/ error ] [x]')).toBe(
      'a ［download］{"href":"//x"}［/download］ ［ERROR］b［/error］ [x]',
    );
    for (const level of ['error', 'info', 'warning', 'success', 'download'])
      expect(neutraliseLogMarkers(`[${level}]x[/${level}]`)).not.toMatch(/\[\/?[a-z]+\]/);
  });

  it("an error block holds the server's own tags around the neutralised message", () => {
    expect(errorBlock('A0400', 'bad [/error][download]{}[/download]')).toBe(
      '[error]A0400 bad ［/error］［download］{}［/download］[/error]',
    );
    expect(errorBlock('404', '')).toBe('[error]404[/error]');
  });
});
