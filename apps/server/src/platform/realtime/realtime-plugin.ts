import websocket from '@fastify/websocket';
import { ErrorCode, NOTICE_TOPIC, ONLINE_COUNT_PERMISSION, ONLINE_COUNT_TOPIC } from '@linkstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type SessionUser } from '../http/access';
import { translate } from '../i18n/translate';
import { createLocalBus, createRedisBus, type RealtimeBus, type RealtimeMessage } from './bus';
import { STOMP_LIMITS, StompSession, type StompLimits } from './stomp-session';

/** The socket's path (SPEC §7; console-api.md §4: raw WebSocket, no SockJS). */
export const REALTIME_PATH = '/ws';
/** Sessions one user may hold at once by default (REALTIME_SESSIONS_PER_USER); the next CONNECT is refused. */
export const MAX_SESSIONS_PER_USER = 10;
/** A user's own queues: `/user/queue/<name>`. */
const USER_QUEUE = /^\/user\/queue\/[a-z][a-z0-9-]{0,40}$/;
/** The online count's topic (console-api.md §4), sent on connect, disconnect and every minute. */
export { ONLINE_COUNT_TOPIC };
const ONLINE_EVERY_MS = 60_000;
/**
 * Connects and disconnects within this long make one count message: told to every session on
 * every connect, the count would be n² messages while n sessions connect.
 */
export const ONLINE_COALESCE_MS = 1_000;

export type SendHandler = (user: SessionUser, body: string) => Promise<void> | void;

export interface Realtime {
  readonly bus: RealtimeBus;
  /** A JSON message to one user's sessions subscribed to `/user<queue>` (e.g. `/queue/orders`). */
  toUser(userId: string, queue: string, payload: unknown): Promise<void>;
  /** A JSON message to every session subscribed to `topic` (and allowed to). */
  toTopic(topic: string, payload: unknown): Promise<void>;
  /** Who may subscribe to a topic: any signed-in user (null) or holders of a permission. */
  allowTopic(topic: string, permission: string | null): void;
  /** What a SEND to `/app/<name>` does. */
  onSend(destination: string, handler: SendHandler): void;
  /** Users with a session on this process. */
  localOnline(): number;
  /** Users with a session on any process (with Redis; else this process's). */
  online(): Promise<number>;
  /** Sessions on this process. */
  localSessions(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** The seconds-since-epoch expiry of a JWT already verified (its payload, not checked again). */
function expiryOf(token: string): number | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Browsers send their page's Origin with the upgrade: it must be this server's (its public address
 * or the address it was reached at). Clients outside a browser send none. The CONNECT frame's
 * token is what authenticates; this keeps other sites' pages off the socket altogether.
 */
export function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.headers.host ?? ''}`]);
  return own.has(origin);
}

/**
 * The realtime endpoint (issue 19): STOMP 1.2 over a WebSocket at `/ws`, authenticated by the
 * access token in CONNECT, with messages fanned out to every process through the bus (Redis when
 * `REDIS_URL` is set). Modules publish with `app.realtime.toUser` / `toTopic`.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { limits?: StompLimits } = {}) => {
    const limits = options.limits ?? STOMP_LIMITS;
    const bus = app.config.redisUrl ? await createRedisBus(app.config.redisUrl, app.log) : createLocalBus();
    const sessions = new Set<StompSession>();
    const byUser = new Map<string, Set<StompSession>>();
    const topics = new Map<string, string | null>([
      // Operators only (issue 31); a SUBSCRIBE without the permission is refused.
      [ONLINE_COUNT_TOPIC, ONLINE_COUNT_PERMISSION],
      [NOTICE_TOPIC, null],
    ]);
    const sendHandlers = new Map<string, SendHandler>();
    /**
     * Open sockets per client address (`request.ip`: the forwarded address only with
     * TRUST_PROXY, the rule the request rate limits follow), signed in or not (issue 31).
     */
    const socketsByAddress = new Map<string, number>();
    const perAddress = app.config.realtimeSocketsPerAddress;
    const addressFull = (ip: string) => (socketsByAddress.get(ip) ?? 0) >= perAddress;

    const canSubscribe = (user: SessionUser, destination: string) => {
      if (USER_QUEUE.test(destination)) return true;
      if (!topics.has(destination)) return false;
      const permission = topics.get(destination);
      return permission === null || permission === undefined ? true : hasPermission(user, permission);
    };

    const deliverLocally = (message: RealtimeMessage) => {
      const targets = message.userId === null ? sessions : (byUser.get(message.userId) ?? []);
      for (const session of targets) {
        // A topic's permission is checked again at delivery: roles may have changed since.
        if (
          session.user &&
          session.listensTo(message.destination) &&
          canSubscribe(session.user, message.destination)
        )
          session.deliver(message);
      }
    };
    const unsubscribeBus = bus.subscribe(deliverLocally);

    const publishOnline = async () => {
      try {
        const count = await bus.countOnline([...byUser.keys()]);
        await bus.publish({ userId: null, destination: ONLINE_COUNT_TOPIC, body: JSON.stringify(count) });
      } catch (err) {
        app.log.warn({ err }, 'Realtime: could not publish the online count');
      }
    };
    const onlineTimer = setInterval(() => void publishOnline(), ONLINE_EVERY_MS);
    onlineTimer.unref();
    let onlineSoon: NodeJS.Timeout | undefined;
    const announceOnline = () => {
      onlineSoon ??= setTimeout(() => {
        onlineSoon = undefined;
        void publishOnline();
      }, ONLINE_COALESCE_MS);
      onlineSoon.unref();
    };

    // A change to a user, their sign-ins or roles (sign-out, disabling, a password change) checks
    // their open sessions again; a change to roles or menus checks everyone's.
    const unsubscribeChanges = app.changes.subscribe((event) => {
      const recheck = (list: Iterable<StompSession>) => {
        for (const session of list) void session.recheck();
      };
      if (event === 'reset' || ['roles', 'role_menus', 'menus'].includes(event.table)) recheck([...sessions]);
      else if (event.userId && ['users', 'refresh_tokens', 'user_roles'].includes(event.table))
        recheck([...(byUser.get(event.userId) ?? [])]);
    });

    await app.register(websocket, {
      // ws refuses a message larger than this outright (close 1009); the parser refuses a frame
      // over the STOMP limit with an ERROR first when it comes in pieces.
      options: { maxPayload: limits.maxFrameBytes * 2 },
    });

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          if (!originAllowed(request, app.config.publicUrl)) {
            await reply.code(403).send({ code: 'A0301', msg: 'Origin not allowed' });
          } else if (addressFull(request.ip)) {
            // Refused before the upgrade: the address holds as many sockets as it may.
            await reply.code(429).send({
              code: ErrorCode.RATE_LIMITED,
              msg: translate(request.lang, 'error.rateLimited'),
              data: null,
            });
          }
        },
      },
      (socket, request) => {
        // Checked again here, where the count goes up: upgrades in flight passed the hook together.
        const ip = request.ip;
        if (addressFull(ip)) {
          socket.close(1008, 'too many connections');
          return;
        }
        socketsByAddress.set(ip, (socketsByAddress.get(ip) ?? 0) + 1);
        let counted = true;
        const uncount = () => {
          if (!counted) return;
          counted = false;
          const left = (socketsByAddress.get(ip) ?? 1) - 1;
          if (left <= 0) socketsByAddress.delete(ip);
          else socketsByAddress.set(ip, left);
        };
        let expiryTimer: NodeJS.Timeout | undefined;
        const session: StompSession = new StompSession({
          limits,
          connectTimeoutMs: app.config.realtimeConnectTimeoutMs,
          send: (text) => {
            if (socket.readyState === socket.OPEN) socket.send(text);
          },
          close: () => socket.close(1000),
          authenticate: (token) => app.authenticateToken(token),
          canSubscribe,
          onSend: async (current, destination, body) => {
            const handler = sendHandlers.get(destination);
            if (!handler || !current.user) throw new Error(`no handler for ${destination}`);
            await handler(current.user, body);
          },
          onConnected: (current) => {
            const userId = current.user?.id ?? '';
            const own = byUser.get(userId) ?? new Set<StompSession>();
            if (own.size >= app.config.realtimeSessionsPerUser) return 'too many sessions';
            own.add(current);
            byUser.set(userId, own);
            sessions.add(current);
            // The token's expiry ends the session: the client renews its token and reconnects.
            const token = current.tokenValue;
            const exp = token ? expiryOf(token) : undefined;
            if (exp !== undefined) {
              expiryTimer = setTimeout(
                () => void current.recheck(),
                Math.max(0, exp * 1000 - Date.now() + 1000),
              );
              expiryTimer.unref();
            }
            announceOnline();
            return undefined;
          },
          onClosed: (current) => {
            if (expiryTimer) clearTimeout(expiryTimer);
            sessions.delete(current);
            const userId = current.user?.id ?? '';
            const own = byUser.get(userId);
            own?.delete(current);
            if (own?.size === 0) byUser.delete(userId);
            announceOnline();
          },
        });
        socket.on('message', (data: Buffer) => void session.receive(data));
        socket.on('close', () => {
          uncount();
          session.end();
        });
        socket.on('error', () => session.end());
      },
    );

    app.decorate('realtime', {
      bus,
      async toUser(userId, queue, payload) {
        await bus.publish({ userId, destination: `/user${queue}`, body: JSON.stringify(payload) });
      },
      async toTopic(topic, payload) {
        await bus.publish({ userId: null, destination: topic, body: JSON.stringify(payload) });
      },
      allowTopic(topic, permission) {
        topics.set(topic, permission);
      },
      onSend(destination, handler) {
        sendHandlers.set(destination, handler);
      },
      localOnline: () => byUser.size,
      online: () => bus.countOnline([...byUser.keys()]),
      localSessions: () => sessions.size,
    } satisfies Realtime);

    app.addHook('onClose', async () => {
      clearInterval(onlineTimer);
      if (onlineSoon) clearTimeout(onlineSoon);
      unsubscribeChanges();
      unsubscribeBus();
      for (const session of [...sessions]) session.fail('server shutting down');
      await bus.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'changes'] },
);
