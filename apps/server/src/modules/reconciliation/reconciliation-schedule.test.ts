import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RECONCILE_EVERY_MS,
  RECONCILE_FIRST_DELAY_MS,
  scheduleDaily,
  type JobHost,
} from './reconciliation.routes';

afterEach(() => {
  vi.useRealTimers();
});

function host() {
  const closing: (() => Promise<void>)[] = [];
  const app: JobHost = {
    addHook: (_name, hook) => closing.push(hook),
    log: { error: vi.fn() },
  };
  return { app, close: () => Promise.all(closing.map((hook) => hook())) };
}

describe('the daily reconciliation job', () => {
  it('runs after the start delay, then every 24 hours, and stops when the app closes', async () => {
    vi.useFakeTimers();
    const { app, close } = host();
    const job = vi.fn(() => Promise.resolve());
    scheduleDaily(app, job, { firstDelayMs: RECONCILE_FIRST_DELAY_MS, everyMs: RECONCILE_EVERY_MS });
    expect(RECONCILE_EVERY_MS).toBe(86_400_000);

    await vi.advanceTimersByTimeAsync(RECONCILE_FIRST_DELAY_MS - 1);
    expect(job).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONCILE_EVERY_MS);
    expect(job).toHaveBeenCalledTimes(2);

    await close();
    await vi.advanceTimersByTimeAsync(3 * RECONCILE_EVERY_MS);
    expect(job).toHaveBeenCalledTimes(2);
  });

  it('never runs twice at once and logs a failure', async () => {
    vi.useFakeTimers();
    const { app, close } = host();
    let finish: () => void = () => undefined;
    const job = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockImplementation(() => Promise.reject(new Error('database down')));
    scheduleDaily(app, job, { firstDelayMs: 10, everyMs: 100 });
    await vi.advanceTimersByTimeAsync(10 + 3 * 100);
    expect(job).toHaveBeenCalledTimes(1); // still running: the later ticks skip
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(job).toHaveBeenCalledTimes(2);
    expect(app.log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Reconciliation failed');
    await close();
  });
});
