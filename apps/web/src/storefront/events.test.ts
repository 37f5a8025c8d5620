import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZStorefrontEventBatch } from '@linkstore/contract';
import { createEventQueue, newEventId, readTrafficSources, type TSendBatch } from './events';

const sources = { userSource: 'ig', pageSource: 'bio' };

describe('event queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what was recorded every 5 seconds, at most 100 per batch', () => {
    const send = vi.fn<TSendBatch>();
    const queue = createEventQueue({ shop: 'demo', sources, send });
    for (let i = 0; i < 150; i += 1) queue.record('view', '7');
    queue.record('cart');
    expect(send).not.toHaveBeenCalled();

    vi.advanceTimersByTime(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    const [first, second] = send.mock.calls.map(([batch]) => batch);
    expect(first?.events).toHaveLength(100);
    expect(second?.events).toHaveLength(51);
    expect(first).toMatchObject({ shop: 'demo', userSource: 'ig', pageSource: 'bio' });
    expect(first?.events[0]).toMatchObject({ kind: 'view', productId: '7' });
    expect(second?.events[50]).not.toHaveProperty('productId');

    vi.advanceTimersByTime(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    queue.stop();
  });

  it('gives every event its own random id, one the server accepts', () => {
    const send = vi.fn<TSendBatch>();
    const queue = createEventQueue({ shop: 'demo', sources, send });
    for (let i = 0; i < 100; i += 1) queue.record('view', '7');
    queue.flush();
    const batch = send.mock.calls[0]?.[0];
    expect(ZStorefrontEventBatch.safeParse(batch).success).toBe(true);
    expect(new Set(batch?.events.map((e) => e.id)).size).toBe(100);
    const ids = Array.from({ length: 1000 }, newEventId);
    expect(ids.every((id) => /^[\w-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(1000);
    queue.stop();
  });

  it('flushes with a beacon when the page hides, and a failing sender breaks nothing', () => {
    const send = vi.fn<TSendBatch>(() => {
      throw new Error('offline');
    });
    const queue = createEventQueue({ shop: 'demo', sources, send });
    queue.record('click', '3');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(() => document.dispatchEvent(new Event('visibilitychange'))).not.toThrow();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ events: [expect.any(Object)] }), true);
    visibility.mockRestore();
    queue.stop();
  });

  it('sends through navigator.sendBeacon as JSON by default', () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const queue = createEventQueue({ shop: 'demo', sources });
    queue.record('view');
    queue.flush(true);
    expect(beacon).toHaveBeenCalledWith('/api/v1/public/events', expect.any(Blob));
    expect((beacon.mock.calls[0]?.[1] as Blob).type).toBe('application/json');
    queue.stop();
  });
});

describe('traffic sources', () => {
  it('keeps the landing link sources for the visit and drops values the server refuses', () => {
    expect(readTrafficSources('?user_source=tiktok&page_source=bio')).toEqual({
      userSource: 'tiktok',
      pageSource: 'bio',
    });
    expect(readTrafficSources('')).toEqual({ userSource: 'tiktok', pageSource: 'bio' });
    sessionStorage.clear();
    expect(readTrafficSources('?user_source=<script>')).toEqual({ userSource: 'default', pageSource: '' });
  });
});
