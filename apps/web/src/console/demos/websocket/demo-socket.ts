import {
  DEMO_BROADCAST_SEND,
  DEMO_BROADCAST_TOPIC,
  DEMO_DIRECT_SEND,
  DEMO_GREETING_QUEUE,
  DEMO_REFUSALS,
  ZDemoBroadcast,
  ZDemoGreeting,
  type TDemoRefusal,
} from '@linkstore/contract';
import { Client } from '@stomp/stompjs';

export type TDemoSocketState = 'disconnected' | 'connecting' | 'connected';

/** What arrives or is sent, as the page's message list shows it. */
export type TDemoEvent =
  | { kind: 'broadcast'; sender: string; content: string }
  | { kind: 'direct'; sender: string; content: string }
  | { kind: 'sentDirect'; to: string; content: string }
  | { kind: 'refused'; reason: TDemoRefusal | 'other' };

export interface TDemoSocketDeps {
  /** The socket's address (`ws://host/ws`). */
  url: () => string;
  /** The current `Authorization` value (`Bearer …`). */
  authorization: () => string;
  /**
   * Whether to listen to the demo's broadcasts: the server refuses the topic to a user without
   * the demo permission (and STOMP would end the whole session), so the page asks first.
   */
  listensToBroadcasts: () => boolean;
  /** Renews the access token after the server ended the session (its token expired). */
  renew: (usedAuthorization: string) => Promise<boolean>;
  onState: (state: TDemoSocketState) => void;
  onEvent: (event: TDemoEvent) => void;
  /** A stompjs client (tests pass their own). */
  createClient?: (config: ConstructorParameters<typeof Client>[0]) => Client;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/** Tries in a row without a connect before the socket gives up (SPEC §4: three). */
export const MAX_TRIES = 3;
export const RETRY_MS = 1_000;

const refusalOf = (message: string | undefined): TDemoRefusal | 'other' => {
  const reason = message?.startsWith('demo.') ? message.slice(5) : '';
  return (DEMO_REFUSALS as readonly string[]).includes(reason) ? (reason as TDemoRefusal) : 'other';
};

/**
 * The websocket demo's own connection (the app's feed stays as it is): connect and disconnect
 * on demand, listen on the demo's own topic (with the demo permission only: the server refuses it
 * to anyone else) and `/user/queue/greeting`, send both kinds. When the server ends the session — the access token
 * expired, or it refused a SEND (STOMP closes after ERROR) — the token is renewed and the socket
 * connects again, at most MAX_TRIES times in a row.
 */
export function createDemoSocket(deps: TDemoSocketDeps) {
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel =
    deps.clearTimeout ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let client: Client | undefined;
  let wanted = false;
  let tries = 0;
  let retry: unknown;
  let usedAuthorization = '';

  const setState = (state: TDemoSocketState) => deps.onState(state);

  function open(): void {
    const url = deps.url();
    const authorization = deps.authorization();
    if (!url || !authorization) {
      wanted = false;
      setState('disconnected');
      return;
    }
    usedAuthorization = authorization;
    tries += 1;
    setState('connecting');
    const config: ConstructorParameters<typeof Client>[0] = {
      brokerURL: url,
      connectHeaders: { Authorization: authorization },
      heartbeatIncoming: 30_000,
      heartbeatOutgoing: 30_000,
      reconnectDelay: 0,
      debug: () => undefined,
    };
    const next = deps.createClient ? deps.createClient(config) : new Client(config);
    next.onConnect = () => {
      tries = 0;
      if (deps.listensToBroadcasts()) {
        next.subscribe(DEMO_BROADCAST_TOPIC, (message) => {
          const parsed = ZDemoBroadcast.safeParse(parseJson(message.body));
          if (parsed.success)
            deps.onEvent({ kind: 'broadcast', sender: parsed.data.sender, content: parsed.data.content });
        });
      }
      next.subscribe(DEMO_GREETING_QUEUE, (message) => {
        const parsed = ZDemoGreeting.safeParse(parseJson(message.body));
        if (parsed.success) deps.onEvent({ kind: 'direct', ...parsed.data });
      });
      setState('connected');
    };
    next.onStompError = (frame) => {
      const reason = refusalOf(frame.headers.message);
      // `unauthorized` / `session expired`: the token; the renewal below handles it silently.
      if (reason !== 'other') deps.onEvent({ kind: 'refused', reason });
    };
    next.onWebSocketError = () => undefined;
    next.onWebSocketClose = () => {
      if (client !== next) return;
      client = undefined;
      if (!wanted || tries >= MAX_TRIES) {
        wanted = false;
        setState('disconnected');
        return;
      }
      setState('connecting');
      cancel(retry);
      retry = later(() => {
        void deps.renew(usedAuthorization).then((renewed) => {
          if (wanted && renewed) open();
          else {
            wanted = false;
            setState('disconnected');
          }
        });
      }, RETRY_MS);
    };
    client = next;
    next.activate();
  }

  return {
    connect(): void {
      if (wanted) return;
      wanted = true;
      tries = 0;
      open();
    },
    disconnect(): void {
      wanted = false;
      cancel(retry);
      const current = client;
      client = undefined;
      setState('disconnected');
      void current?.deactivate();
    },
    /** False when not connected (nothing sent). */
    broadcast(content: string): boolean {
      if (!client?.connected) return false;
      client.publish({ destination: DEMO_BROADCAST_SEND, body: JSON.stringify({ content }) });
      return true;
    },
    direct(to: string, content: string): boolean {
      if (!client?.connected) return false;
      client.publish({ destination: DEMO_DIRECT_SEND, body: JSON.stringify({ to, content }) });
      deps.onEvent({ kind: 'sentDirect', to, content });
      return true;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type TDemoSocket = ReturnType<typeof createDemoSocket>;
