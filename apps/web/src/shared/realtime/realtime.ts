import { useEffect, useRef } from 'react';
import { readRuntimeConfig, resolveApiOrigin } from '../config/runtime-config';
import { renewSession } from '../http/api-client';
import { sessionEvents } from '../session/session-events';
import { useSession } from '../session/session-store';
import { useUser } from '../session/user-store';
import { createRealtimeClient, type TRealtimeHandler } from './realtime-client';

/** The realtime socket's address: the API's origin with ws(s) and `/ws`. */
export function realtimeUrl(location: Pick<Location, 'hostname' | 'origin'> = window.location): string {
  const origin = resolveApiOrigin(location, readRuntimeConfig());
  return `${origin.replace(/^http/, 'ws')}/ws`;
}

/** The app's one realtime connection: opened once the signed-in user is known, closed at sign-out. */
export const realtime = createRealtimeClient({
  // Off in unit tests (jsdom would dial a socket nobody serves); realtime-client.test.ts drives it.
  url: () =>
    import.meta.env.MODE === 'test' || typeof window === 'undefined' || !('WebSocket' in window)
      ? ''
      : realtimeUrl(),
  authorization: () => useSession.getState().authorization,
  renew: renewSession,
});

let started = false;
const start = () => {
  if (started) return;
  started = true;
  realtime.start();
};
sessionEvents.on('user', start);
// This module loads with the first page that listens, often after the user was loaded.
if (useUser.getState().info) start();
sessionEvents.on('tokenCleared', () => {
  started = false;
  realtime.stop();
});

/** Calls `handler` with each message on `destination` while the component is mounted. */
export function useRealtime(destination: string, handler: TRealtimeHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.subscribe(destination, (body) => latest.current(body)), [destination]);
}

/**
 * Calls `handler` each time the socket connects again while the component is mounted: messages
 * sent while it was down are not replayed, so the component reads again what it shows.
 */
export function useRealtimeConnected(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.onConnect(() => latest.current()), []);
}
