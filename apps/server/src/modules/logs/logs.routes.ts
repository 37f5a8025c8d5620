import { accountsRoutes, logsRoutes, RESULT_SUCCESS, storefrontRoutes } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../platform/http/routes';
import {
  createLogBuffer,
  getConsoleOverview,
  getLogPage,
  getVisitStats,
  getVisitTrend,
  pruneOldLogs,
  type LogBuffer,
} from './logs.service';
import { errorBlock } from './log-markers';
import { parseUserAgent } from './user-agent';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operation log buffer: `flush()` writes what is pending (tests, shutdown). */
    operationLogs: LogBuffer;
  }
}

/** How often logs and visit days older than `LOG_RETENTION_DAYS` are deleted. */
const PRUNE_EVERY_MS = 6 * 3_600_000;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-ins: logged under the module `login`, the new session's user as who. */
const SIGN_INS = new Set(
  [accountsRoutes.login, accountsRoutes.oauthExchange, accountsRoutes.register].map(
    (r) => `${r.method} ${r.path}`,
  ),
);
/** A buyer's analytics beacons are counted by their own module, not logged one by one. */
const NOT_LOGGED = new Set([`${storefrontRoutes.events.method} ${storefrontRoutes.events.path}`]);
const VISIT = `${accountsRoutes.me.method} ${accountsRoutes.me.path}`;

interface Outcome {
  code: string;
  msg: string;
  /** A successful sign-in's user, read from the token it answered. */
  userId?: number;
}

/** The envelope's code and message (never its data) of an answer sent as JSON text. */
export function envelopeOf(payload: unknown): { code: string; msg: string; data?: unknown } | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(payload) as { code?: unknown; msg?: unknown; data?: unknown };
    if (typeof parsed.code !== 'string' && typeof parsed.code !== 'number') return undefined;
    return {
      code: String(parsed.code),
      msg: typeof parsed.msg === 'string' ? parsed.msg : '',
      data: parsed.data,
    };
  } catch {
    return undefined;
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Operation logs (issue 19): one row per change made through the API and per sign-in, written
 * in batches; visits (signed-in page loads) rolled up per day; the console's log page, visit
 * figures and commerce overview. The hooks sit on the whole app (hence fastify-plugin), and it is
 * registered before the other modules so their routes get them.
 */
export const logsModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const buffer = createLogBuffer({ db, flushMs: app.config.logFlushMs, log: app.log });
    app.decorate('operationLogs', buffer);
    const outcomes = new WeakMap<FastifyRequest, Outcome>();

    const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;
    const isLogged = (request: FastifyRequest) =>
      MUTATING.has(request.method) && request.url.startsWith('/api/') && !NOT_LOGGED.has(routeKey(request));

    app.addHook('onSend', async (request, _reply, payload) => {
      if (!isLogged(request)) return payload;
      const envelope = envelopeOf(payload);
      if (!envelope) return payload;
      const outcome: Outcome = { code: envelope.code, msg: envelope.msg };
      if (SIGN_INS.has(routeKey(request)) && envelope.code === String(RESULT_SUCCESS)) {
        const token = (envelope.data as { accessToken?: unknown } | null | undefined)?.accessToken;
        const claims = typeof token === 'string' ? await app.tokens.verify(token) : undefined;
        if (claims) outcome.userId = Number(claims.sub);
      }
      outcomes.set(request, outcome);
      return payload;
    });

    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' && routeKey(request) === VISIT) {
        if (request.user && reply.statusCode < 400)
          buffer.visit(Number(request.user.id), request.ip, new Date());
        return;
      }
      if (!isLogged(request)) return;
      const outcome = outcomes.get(request);
      const schema = request.routeOptions.schema as { summary?: string; tags?: string[] } | undefined;
      const signIn = SIGN_INS.has(routeKey(request));
      const code = outcome?.code ?? '';
      const success = reply.statusCode < 400 && (code === '' || code === String(RESULT_SUCCESS));
      const summary = schema?.summary ?? 'Request without a route';
      // The message can repeat what the caller sent: its marker-shaped text is neutralised, and
      // the row is clipped before the closing tag so a long message cannot cut the block open.
      const content = success
        ? clip(summary, 500)
        : `${clip(summary, 200)}\n${errorBlock(
            clip(code || String(reply.statusCode), 16),
            clip(outcome?.msg ?? '', 500 - 200 - 1 - '[error][/error]'.length - 17),
          )}`;
      const userId = outcome?.userId ?? (request.user ? Number(request.user.id) : null);
      const { browser, os } = parseUserAgent(request.headers['user-agent']);
      buffer.add({
        module: clip(signIn ? 'login' : (schema?.tags?.[0] ?? 'other'), 32),
        content,
        requestUri: clip(request.url.split('?')[0] ?? '', 500),
        method: request.method,
        ip: clip(request.ip, 64),
        browser,
        os,
        executionMs: Math.max(0, Math.round(reply.elapsedTime)),
        status: reply.statusCode,
        resultCode: clip(code, 16),
        success,
        userId,
      });
    });

    const r = logsRoutes;
    registerRoute(app, r.page, ({ query }) => getLogPage(db, query));
    registerRoute(app, r.visitTrend, ({ query }) => getVisitTrend(db, query.startDate, query.endDate));
    registerRoute(app, r.visitStats, () => getVisitStats(db));
    registerRoute(app, r.overview, async () => getConsoleOverview(db, await app.realtime.online()));

    const retentionDays = app.config.logRetentionDays;
    app.jobs.schedule({
      name: 'logs-prune',
      everyMs: PRUNE_EVERY_MS,
      run: () => pruneOldLogs(db, retentionDays),
    });
    app.addHook('onClose', async () => {
      await buffer.close();
    });
  },
  { name: 'logs', dependencies: ['auth', 'jobs', 'realtime'] },
);
