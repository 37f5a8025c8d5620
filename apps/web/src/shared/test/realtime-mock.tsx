import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createFakeApi, ok, US } from './fake-api';
import { renderWithApp } from './render-with-app';

/**
 * Stands in for `shared/realtime/realtime` in tests of what listens live:
 * `vi.mock('…/shared/realtime/realtime', () => import('…/shared/test/realtime-mock'))`, then
 * `deliver(destination, body)` hands a message to the mounted listener.
 */
export const handlers = new Map<string, (body: unknown) => void>();

export function useRealtime(destination: string, handler: (body: unknown) => void): void {
  handlers.set(destination, handler);
}

/** What runs at each (re)connect; `reconnect()` calls them. */
export const connectedHandlers = new Set<() => void>();

export function useRealtimeConnected(handler: () => void): void {
  connectedHandlers.add(handler);
}

/** The socket came back: every mounted `useRealtimeConnected` handler runs. */
export function reconnect(): void {
  act(() => {
    for (const handler of connectedHandlers) handler();
  });
}

/** A message on `destination`, as the socket would deliver it. */
export function deliver(destination: string, body: unknown): void {
  act(() => {
    const handler = handlers.get(destination);
    if (!handler) throw new Error(`nobody listens to ${destination}`);
    handler(body);
  });
}

/** Renders a listener inside the app's providers (the money it shows needs the countries). */
export function renderListening(element: ReactNode) {
  const api = createFakeApi({ 'GET /api/v1/countries': () => ok([US]) });
  vi.stubGlobal('fetch', api.fetch);
  return renderWithApp([{ path: '/', element }], '/');
}
