import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to 0, rounding a fractional start up', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start(1.2));
    expect(result.current.remaining).toBe(2);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
  });
});
