import { ActivationState, Client, type IFrame, type StompSubscription } from '@stomp/stompjs';

/** SPEC §4/§9: heart-beats both ways, three disconnects and the client stops, 5 s between tries. */
export const HEARTBEAT_MS = 30_000;
export const MAX_DISCONNECTS = 3;
export const RECONNECT_DELAY_MS = 5_000;

export type TRealtimeState = 'inactive' | 'active' | 'deactivating';
export type TRealtimeHandler = (body: unknown) => void;

export interface TRealtimeDeps {
  /** The socket's address (`ws://host/ws`), or '' to stay off. */
  url: () => string;
  /** The current `Authorization` value (`Bearer …`), '' when signed out. */
  authorization: () => string;
  /** Renews the access token before a reconnect (the old one may be what ended the session). */
  renew: (usedAuthorization: string) => Promise<boolean>;
  /** A stompjs client (tests pass their own WebSocket factory). */
  createClient?: (config: ConstructorParameters<typeof Client>[0]) => Client;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/**
 * The app's one realtime connection (STOMP over WebSocket, SPEC §4): handlers are registered by
 * destination and kept, so every (re)connect subscribes all of them again; a connect resets the
 * disconnect counter; each disconnect adds one, and at MAX_DISCONNECTS the client deactivates.
 * stompjs's own reconnect is off: we reconnect after renewing the token. Errors are ignored
 * silently — a feed that is down never disturbs the page.
 */
export function createRealtimeClient(deps: TRealtimeDeps) {
  const handlers = new Map<string, Set<TRealtimeHandler>>();
  const subscriptions = new Map<string, StompSubscription>();
  const connectListeners = new Set<() => void>();
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel =
    deps.clearTimeout ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let client: Client | undefined;
  let disconnects = 0;
  let retry: unknown;
  let stopped = true;
  /** The token the socket connected with: renewed only if it is still the stored one. */
  let usedAuthorization = '';

  const deliver = (destination: string, text: string) => {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Plain text: handed over as it is.
    }
    for (const handler of handlers.get(destination) ?? []) {
      try {
        handler(body);
      } catch {
        // One handler's failure is not the feed's.
      }
    }
  };

  const subscribeOn = (current: Client, destination: string) => {
    if (!current.connected || subscriptions.has(destination)) return;
    subscriptions.set(
      destination,
      current.subscribe(destination, (message) => deliver(destination, message.body)),
    );
  };

  const onDisconnect = () => {
    subscriptions.clear();
    if (stopped) return;
    disconnects += 1;
    if (disconnects >= MAX_DISCONNECTS) {
      stop();
      return;
    }
    cancel(retry);
    retry = later(() => {
      deps.renew(usedAuthorization).then(
        (renewed) => {
          if (!stopped && renewed) open();
          else if (!renewed) stop();
        },
        // No answer to the renewal (the server is unreachable): one more failed attempt.
        () => onDisconnect(),
      );
    }, RECONNECT_DELAY_MS);
  };

  function open(): void {
    const url = deps.url();
    const authorization = deps.authorization();
    if (!url || !authorization) return;
    usedAuthorization = authorization;
    const config: ConstructorParameters<typeof Client>[0] = {
      brokerURL: url,
      connectHeaders: { Authorization: authorization },
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: 0,
      debug: () => undefined,
    };
    const next = deps.createClient ? deps.createClient(config) : new Client(config);
    next.onConnect = () => {
      disconnects = 0;
      for (const destination of handlers.keys()) subscribeOn(next, destination);
      for (const listener of connectListeners) {
        try {
          listener();
        } catch {
          // One listener's failure is not the feed's.
        }
      }
    };
    next.onStompError = (_frame: IFrame) => undefined;
    next.onWebSocketError = () => undefined;
    next.onWebSocketClose = () => {
      if (client === next) onDisconnect();
    };
    client = next;
    next.activate();
  }

  function stop(): void {
    stopped = true;
    cancel(retry);
    const current = client;
    client = undefined;
    subscriptions.clear();
    void current?.deactivate();
  }

  return {
    /** Connects (again) with the current token; a no-op while connected with it. */
    start(): void {
      stop();
      stopped = false;
      disconnects = 0;
      open();
    },
    stop,
    /**
     * Calls `listener` on every connect and reconnect; returns its removal. Messages sent while
     * the socket was down (a token renewal, a network change) are not replayed, so a listener
     * reads again what it shows (the notice bell's count).
     */
    onConnect(listener: () => void): () => void {
      connectListeners.add(listener);
      return () => void connectListeners.delete(listener);
    },
    /** Calls `handler` with each message's body on `destination`; returns its removal. */
    subscribe(destination: string, handler: TRealtimeHandler): () => void {
      const set = handlers.get(destination) ?? new Set<TRealtimeHandler>();
      set.add(handler);
      handlers.set(destination, set);
      if (client) subscribeOn(client, destination);
      return () => {
        set.delete(handler);
        if (set.size > 0) return;
        handlers.delete(destination);
        subscriptions.get(destination)?.unsubscribe();
        subscriptions.delete(destination);
      };
    },
    get state(): TRealtimeState {
      if (!client) return 'inactive';
      return client.state === ActivationState.DEACTIVATING
        ? 'deactivating'
        : client.active
          ? 'active'
          : 'inactive';
    },
    get disconnects(): number {
      return disconnects;
    },
  };
}

export type TRealtimeClient = ReturnType<typeof createRealtimeClient>;
