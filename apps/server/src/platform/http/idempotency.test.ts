import {
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  defineRoutes,
  type TRouteDef,
} from '@linkstore/contract';
import * as contract from '@linkstore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test/helper';
import { accessTokenFor, createUser } from '../../test/users';
import { AppError } from '../errors/app-error';
import { sweepIdempotencyKeys } from './idempotency';
import { idempotencyKeys } from './idempotency.tables';
import { registerRoute } from './routes';

/** Probe routes: how many times the handler ran is the "effect" a replay must not repeat. */
const probes = defineRoutes({
  open: {
    method: 'POST',
    path: '/api/v1/test/idempotency/open',
    summary: 'probe',
    tags: ['test'],
    body: z.object({ n: z.number().int(), fail: z.boolean().optional(), wait: z.boolean().optional() }),
    response: z.object({ runs: z.number(), n: z.number(), at: z.string() }),
    access: { public: true },
    idempotent: true,
  },
  mine: {
    method: 'POST',
    path: '/api/v1/test/idempotency/mine/:id',
    summary: 'probe',
    tags: ['test'],
    params: z.object({ id: z.coerce.number().int() }),
    response: z.object({ runs: z.number(), user: z.string() }),
    access: { permission: null },
    idempotent: true,
  },
});

let ctx: TestContext;
let runs = 0;
let releaseGate: () => void = () => undefined;
let tokenA = '';
let tokenB = '';

beforeAll(async () => {
  ctx = await createTestApp({
    env: { CAPTCHA_ENABLED: 'false' },
    extend: (app) => {
      registerRoute(app, probes.open, async ({ body }) => {
        runs += 1;
        if (body.wait) await new Promise<void>((resolve) => (releaseGate = resolve));
        if (body.fail) throw AppError.of(ErrorCode.OUT_OF_STOCK, 'error.validation');
        return { runs, n: body.n, at: new Date().toISOString() };
      });
      registerRoute(app, probes.mine, async ({ caller }) => {
        runs += 1;
        return { runs, user: caller.id };
      });
    },
  });
  await createUser(ctx.database.db, { username: 'idem-a', password: 'plain-pass-1' });
  await createUser(ctx.database.db, { username: 'idem-b', password: 'plain-pass-1' });
  tokenA = await accessTokenFor(ctx.app, 'idem-a', 'plain-pass-1');
  tokenB = await accessTokenFor(ctx.app, 'idem-b', 'plain-pass-1');
});
afterAll(() => ctx.close());

const open = (key: string | undefined, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: probes.open.path,
    headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
    payload: body,
  });
const mine = (token: string, key: string, id = 1) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/test/idempotency/mine/${id}`,
    headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: key },
  });

describe('Idempotency-Key', () => {
  it('without a key, every request runs', async () => {
    const before = runs;
    await open(undefined, { n: 1 });
    await open(undefined, { n: 1 });
    expect(runs - before).toBe(2);
  });

  it('a replay answers the first answer byte for byte, marked replayed, without running again', async () => {
    const first = await open('k-replay', { n: 7 });
    expect(first.statusCode).toBe(200);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const before = runs;
    const again = await open('k-replay', { n: 7 });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(runs).toBe(before);
  });

  it('the same key with another body is refused with A0681 (422), and nothing runs', async () => {
    await open('k-other', { n: 1 });
    const before = runs;
    const res = await open('k-other', { n: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.IDEMPOTENCY_KEY_REUSED });
    expect(runs).toBe(before);
  });

  it('keys order does not make another request', async () => {
    const a = await ctx.app.inject({
      method: 'POST',
      url: probes.open.path,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'k-order', 'content-type': 'application/json' },
      payload: '{"n":3,"fail":false}',
    });
    const b = await ctx.app.inject({
      method: 'POST',
      url: probes.open.path,
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'k-order', 'content-type': 'application/json' },
      payload: '{"fail":false,"n":3}',
    });
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('while the first runs, the same key is refused with A0680 (409); then it replays', async () => {
    const first = open('k-flight', { n: 5, wait: true });
    // Until the handler has started (the key is claimed before it).
    while (runs === 0 || (await keyStatus('k-flight')) === undefined)
      await new Promise((r) => setTimeout(r, 5));
    const during = await open('k-flight', { n: 5, wait: true });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ code: ErrorCode.IDEMPOTENCY_IN_FLIGHT });
    releaseGate();
    const done = await first;
    expect(done.statusCode).toBe(200);
    const after = await open('k-flight', { n: 5, wait: true });
    expect(after.body).toBe(done.body);
  });

  it('a refusal is not kept: the key is released and the retry runs', async () => {
    const before = runs;
    const refused = await open('k-fail', { n: 1, fail: true });
    expect(refused.statusCode).toBe(409);
    expect(await keyStatus('k-fail')).toBeUndefined();
    const again = await open('k-fail', { n: 1, fail: true });
    expect(again.statusCode).toBe(409);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(runs - before).toBe(2);
  });

  it('a malformed key is a validation error on the header, and nothing runs', async () => {
    const before = runs;
    for (const key of ['a b', 'x'.repeat(256), 'ключ']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: probes.open.path,
        headers: { [IDEMPOTENCY_KEY_HEADER]: Buffer.from(key).toString('latin1') },
        payload: { n: 1 },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    }
    expect(runs).toBe(before);
  });

  it('keys are per caller and per target: another user, or another path id, is another request', async () => {
    const a = await mine(tokenA, 'k-user');
    const b = await mine(tokenB, 'k-user');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(b.json<{ data: { user: string } }>().data.user).not.toBe(
      a.json<{ data: { user: string } }>().data.user,
    );
    const otherId = await mine(tokenA, 'k-user', 2);
    expect(otherId.statusCode).toBe(422);
    expect(otherId.json()).toMatchObject({ code: ErrorCode.IDEMPOTENCY_KEY_REUSED });
  });

  it('after 24 hours a key counts as absent and the sweep deletes it; a dead in-flight one is taken over', async () => {
    const first = await open('k-old', { n: 9 });
    await ctx.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'k-old'`,
    );
    const before = runs;
    const again = await open('k-old', { n: 10 });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toBe(first.body);
    expect(runs - before).toBe(1);

    await ctx.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'k-old'`,
    );
    expect(await sweepIdempotencyKeys(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await keyStatus('k-old')).toBeUndefined();

    await ctx.database.db.execute(
      sql`insert into idempotency_keys (scope, route, key, request_hash, owner, created_at)
          select scope, route, 'k-dead', request_hash, gen_random_uuid(), now() - interval '10 minutes'
          from idempotency_keys where key = 'k-replay'`,
    );
    const takeover = await open('k-dead', { n: 7 });
    expect(takeover.statusCode).toBe(200);
    expect(takeover.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  });

  it('OpenAPI declares the header on every idempotent contract route', async () => {
    const spec = (await ctx.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const idempotent = (Object.values(contract) as unknown[])
      .filter((group): group is object => typeof group === 'object' && group !== null)
      .flatMap((group) => Object.values(group) as unknown[])
      .filter(
        (def): def is TRouteDef =>
          typeof def === 'object' && def !== null && 'path' in def && 'idempotent' in def,
      );
    expect(idempotent.map((d) => d.path).sort()).toEqual(
      [
        '/api/v1/orders/purchases',
        '/api/v1/orders/purchases/:id/capture',
        '/api/v1/payouts',
        '/api/v1/public/checkout',
        '/api/v1/public/checkout/capture',
        '/api/v1/system/orders/refund',
        // A case's refund moves money; its reship takes stock (decision 0061).
        '/api/v1/system/cases/:id/refund',
        '/api/v1/system/cases/:id/reship',
      ].sort(),
    );
    for (const def of idempotent) {
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      const op = spec.paths[path]?.[def.method.toLowerCase()];
      expect(
        op?.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER),
        path,
      ).toBe(true);
    }
  });
});

async function keyStatus(key: string): Promise<number | null | undefined> {
  const [row] = await ctx.database.db
    .select({ status: idempotencyKeys.status })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row?.status;
}
