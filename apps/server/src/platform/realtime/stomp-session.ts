import type { SessionUser } from '../http/access';
import { serializeFrame, StompParser, StompProtocolError, type StompFrame } from './stomp-frames';

/** What a session may hold and how often it beats (SPEC §7: heart-beat 30000,30000). */
export interface StompLimits {
  /** Largest frame a client may send, in bytes. */
  maxFrameBytes: number;
  /** Subscriptions one session may hold at once. */
  maxSubscriptions: number;
  /** The server's heart-beat both ways, in milliseconds (0: none). */
  heartbeatMs: number;
}

export const STOMP_LIMITS: StompLimits = {
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 32,
  heartbeatMs: 30_000,
};

/** A message for one session's subscription. */
export interface Delivery {
  destination: string;
  body: string;
}

export interface StompSessionDeps {
  /** Writes one text message to the socket. */
  send(text: string): void;
  /** Closes the socket (after an ERROR, a DISCONNECT or a missed heart-beat). */
  close(): void;
  /** Who a CONNECT's bearer token belongs to (undefined: refused). Also re-checked while open. */
  authenticate(token: string): Promise<SessionUser | undefined>;
  /** Whether `user` may subscribe to `destination` (their own `/user/queue/*`, topics by role). */
  canSubscribe(user: SessionUser, destination: string): boolean;
  /** A SEND to `/app/*`; throws to answer ERROR. */
  onSend(session: StompSession, destination: string, body: string): Promise<void> | void;
  /** The session is connected (may refuse: too many sessions for this user) / has ended. */
  onConnected(session: StompSession): string | undefined;
  onClosed(session: StompSession): void;
  limits?: StompLimits;
  /**
   * A socket that has no session this long after it opened (no valid CONNECT: none sent, a bad
   * token, a slow trickle) gets ERROR and is closed (issue 31). 0 or unset: no limit.
   */
  connectTimeoutMs?: number;
  /** Timers, replaceable in tests. */
  setInterval?: (fn: () => void, ms: number) => { unref?: () => void };
  clearInterval?: (timer: unknown) => void;
  now?: () => number;
}

const SERVER = 'linkstore/1';

/** The bearer token of a CONNECT: `Authorization: Bearer …` (stompjs sends connect headers as given). */
function bearerOf(headers: Record<string, string>): string | undefined {
  const value = headers.Authorization ?? headers.authorization ?? headers.passcode;
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7).trim() : value.trim();
}

/**
 * One client's STOMP 1.2 session over one socket: CONNECT (with a bearer token) first, then
 * SUBSCRIBE / UNSUBSCRIBE, SEND to `/app/*`, RECEIPT for any frame asking for one, DISCONNECT;
 * ERROR and close on anything broken or refused. Transport-free: the socket calls `receive` and
 * `end`, the session calls `send` and `close`.
 */
export class StompSession {
  user: SessionUser | undefined;
  private token: string | undefined;
  private readonly parser: StompParser;
  private readonly limits: StompLimits;
  /** Subscription id → destination. */
  readonly subscriptions = new Map<string, string>();
  private messageSeq = 0;
  private closed = false;
  private lastReceived: number;
  private timers: unknown[] = [];
  /** Ends a socket that has not connected in time (`connectTimeoutMs`). */
  private connectTimer: NodeJS.Timeout | undefined;
  /** Frames are handled one after another (CONNECT's token check is asynchronous). */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: StompSessionDeps) {
    this.limits = deps.limits ?? STOMP_LIMITS;
    this.parser = new StompParser(this.limits.maxFrameBytes);
    this.lastReceived = this.now();
    const limit = deps.connectTimeoutMs ?? 0;
    if (limit > 0) {
      // One timer per socket, part of its protocol handling: cleared by the CONNECTED or the end.
      const timer = setTimeout(() => {
        if (!this.user) this.fail('no CONNECT in time');
      }, limit);
      timer.unref();
      this.connectTimer = timer;
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** The access token the session was opened with. */
  get tokenValue(): string | undefined {
    return this.token;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Bytes from the socket. */
  receive(data: Buffer | string): Promise<void> {
    if (this.closed) return this.queue;
    this.lastReceived = this.now();
    let frames: StompFrame[];
    try {
      frames = this.parser.push(data).frames;
    } catch (error) {
      this.fail(error instanceof StompProtocolError ? error.message : 'malformed frame');
      return this.queue;
    }
    for (const frame of frames) {
      this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(frame)));
    }
    return this.queue;
  }

  /** A message to every subscription of this session on `destination`. */
  deliver({ destination, body }: Delivery): void {
    if (this.closed || !this.user) return;
    for (const [id, subscribed] of this.subscriptions) {
      if (subscribed !== destination) continue;
      this.messageSeq += 1;
      this.write({
        command: 'MESSAGE',
        headers: {
          subscription: id,
          'message-id': `${id}-${this.messageSeq}`,
          destination,
          'content-type': 'application/json',
        },
        body,
      });
    }
  }

  /** Whether any subscription of this session is on `destination`. */
  listensTo(destination: string): boolean {
    for (const subscribed of this.subscriptions.values()) if (subscribed === destination) return true;
    return false;
  }

  /** Checks the session's token again (sign-out, disabling, expiry): ends the session if refused. */
  async recheck(): Promise<void> {
    if (this.closed || !this.token) return;
    const user = await this.deps.authenticate(this.token).catch(() => undefined);
    if (!user) this.fail('session expired');
    else this.user = user;
  }

  /** The socket closed. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearConnectTimer();
    for (const timer of this.timers) (this.deps.clearInterval ?? clearInterval)(timer as NodeJS.Timeout);
    this.timers = [];
    if (this.user) this.deps.onClosed(this);
  }

  private write(frame: StompFrame): void {
    if (!this.closed) this.deps.send(serializeFrame(frame));
  }

  /** ERROR then close (STOMP 1.2: the server closes after an ERROR). */
  fail(message: string, receiptId?: string): void {
    if (this.closed) return;
    this.write({
      command: 'ERROR',
      headers: { message, ...(receiptId ? { 'receipt-id': receiptId } : {}) },
      body: '',
    });
    this.end();
    this.deps.close();
  }

  private receipt(frame: StompFrame): void {
    const id = frame.headers.receipt;
    if (id !== undefined) this.write({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (!this.user) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') return this.fail('not connected');
      return this.connect(frame);
    }
    const receiptId = frame.headers.receipt;
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const { id, destination } = frame.headers;
        if (!id || !destination) return this.fail('SUBSCRIBE needs id and destination', receiptId);
        if (this.subscriptions.has(id)) return this.fail(`subscription ${id} exists`, receiptId);
        if (this.subscriptions.size >= this.limits.maxSubscriptions)
          return this.fail('too many subscriptions', receiptId);
        if (!this.deps.canSubscribe(this.user, destination))
          return this.fail(`not allowed to subscribe to ${destination}`, receiptId);
        this.subscriptions.set(id, destination);
        return this.receipt(frame);
      }
      case 'UNSUBSCRIBE': {
        const { id } = frame.headers;
        if (!id) return this.fail('UNSUBSCRIBE needs id', receiptId);
        this.subscriptions.delete(id);
        return this.receipt(frame);
      }
      case 'SEND': {
        const { destination } = frame.headers;
        if (!destination?.startsWith('/app/')) return this.fail('SEND only to /app/*', receiptId);
        try {
          await this.deps.onSend(this, destination, frame.body);
        } catch (error) {
          return this.fail(error instanceof Error ? error.message : 'send refused', receiptId);
        }
        return this.receipt(frame);
      }
      case 'DISCONNECT':
        this.receipt(frame);
        this.end();
        return this.deps.close();
      case 'ACK':
      case 'NACK':
        // Every subscription is `ack:auto`: nothing to acknowledge.
        return this.receipt(frame);
      default:
        return this.fail(`${frame.command} is not supported`, receiptId);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',');
    if (!versions.includes('1.2')) return this.fail('Supported protocol versions are 1.2');
    const token = bearerOf(frame.headers);
    const user = token ? await this.deps.authenticate(token).catch(() => undefined) : undefined;
    if (this.closed) return;
    if (!token || !user) return this.fail('unauthorized');
    this.user = user;
    this.token = token;
    const refused = this.deps.onConnected(this);
    if (refused) {
      this.user = undefined;
      return this.fail(refused);
    }
    this.clearConnectTimer();
    const [cx = 0, cy = 0] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((n) => Number(n) || 0);
    const beat = this.limits.heartbeatMs;
    // What we send every `out` ms, and what we expect from the client every `inbound` ms.
    const out = beat && cy ? Math.max(beat, cy) : 0;
    const inbound = beat && cx ? Math.max(beat, cx) : 0;
    this.write({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${beat},${beat}`, server: SERVER, 'user-name': user.id },
      body: '',
    });
    const every = this.deps.setInterval ?? setInterval;
    if (out) {
      const timer = every(() => {
        if (!this.closed) this.deps.send('\n');
      }, out);
      timer.unref?.();
      this.timers.push(timer);
    }
    if (inbound) {
      // A client silent for twice its period is gone (the network dropped it without a close).
      const timer = every(() => {
        if (this.now() - this.lastReceived > 2 * inbound) {
          this.end();
          this.deps.close();
        }
      }, inbound);
      timer.unref?.();
      this.timers.push(timer);
    }
    this.receipt(frame);
  }
}
