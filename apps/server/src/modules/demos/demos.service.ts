import {
  DEMO_BODY_MAX_BYTES,
  DEMO_MESSAGE_MAX,
  DEMO_SENDS_PER_MINUTE,
  DEMO_WEBSOCKET_SEND_PERMISSION,
  demoRefusalMessage,
  ZDemoBroadcastRequest,
  ZDemoDirectRequest,
  type TDemoBroadcast,
  type TDemoGreeting,
  type TDemoRefusal,
} from '@linkstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../platform/auth/auth.tables';
import type { AppDatabase } from '../../platform/db/database';
import { hasPermission, type SessionUser } from '../../platform/http/access';
import type { RateLimiter } from '../../platform/rate-limit/limiter';

/** A refused SEND: its message (`demo.<reason>`) is the STOMP ERROR frame's, which the client translates. */
export class DemoRefused extends Error {
  constructor(readonly reason: TDemoRefusal) {
    super(demoRefusalMessage(reason));
  }
}

const SEND_WINDOW_MS = 60_000;
export const demoSendLimitKey = (userId: string) => `demo-ws:${userId}`;

export interface DemoDeps {
  db: AppDatabase;
  limiter: RateLimiter;
}

/** The permission, the rate and the body: checked in this order, before anything is looked up. */
async function admit<S extends z.ZodType>(
  { limiter }: DemoDeps,
  user: SessionUser,
  body: string,
  schema: S,
): Promise<z.output<S>> {
  if (!hasPermission(user, DEMO_WEBSOCKET_SEND_PERMISSION)) throw new DemoRefused('forbidden');
  if ((await limiter.hit(demoSendLimitKey(user.id), SEND_WINDOW_MS)) > DEMO_SENDS_PER_MINUTE)
    throw new DemoRefused('rateLimited');
  if (Buffer.byteLength(body, 'utf8') > DEMO_BODY_MAX_BYTES) throw new DemoRefused('tooLong');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new DemoRefused('invalid');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const content = (json as { content?: unknown } | null)?.content;
  throw new DemoRefused(
    typeof content === 'string' && content.trim().length > DEMO_MESSAGE_MAX ? 'tooLong' : 'invalid',
  );
}

/** The sender's name as others see it: their username (creators without one: their e-mail). */
async function senderName(db: AppDatabase, userId: string): Promise<string> {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, Number(userId)));
  return row?.username ?? row?.email ?? userId;
}

/** `/app/sendToAll`: what goes to `/topic/notice`. */
export async function broadcastFrom(
  deps: DemoDeps,
  user: SessionUser,
  body: string,
): Promise<TDemoBroadcast> {
  const { content } = await admit(deps, user, body, ZDemoBroadcastRequest);
  return { kind: 'demoNotice', sender: await senderName(deps.db, user.id), content };
}

/** `/app/sendToUser`: the addressee (an active user, by username, any case) and what they get. */
export async function directFrom(
  deps: DemoDeps,
  user: SessionUser,
  body: string,
): Promise<{ userId: string; message: TDemoGreeting }> {
  const { to, content } = await admit(deps, user, body, ZDemoDirectRequest);
  const [target] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${to.toLowerCase()}`, eq(users.status, 1)));
  if (!target) throw new DemoRefused('unknownUser');
  return { userId: String(target.id), message: { sender: await senderName(deps.db, user.id), content } };
}
