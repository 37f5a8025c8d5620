import { useCallback, useEffect, useState } from 'react';

export interface TLoad<T> {
  data: T | null;
  /** The last failure (an ApiError, usually); null while loading or loaded. */
  error: unknown;
  retry: () => void;
}

/**
 * Data from one request: `initial` when the page already has it (the embedded boot data), else
 * `load()` once, and again on retry. `load` must be stable (useCallback); null loads nothing.
 * A TanStack-free stand-in for the storefront's few reads (decision 0021).
 */
export function useLoad<T>(load: (() => Promise<T>) | null, initial: T | null = null): TLoad<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; attempt: number }>({
    data: initial,
    error: null,
    attempt: 0,
  });
  const needsLoad = state.attempt > 0 || initial === null;

  useEffect(() => {
    if (!load || !needsLoad) return;
    let current = true;
    load().then(
      (data) => current && setState((s) => ({ ...s, data, error: null })),
      (error: unknown) => current && setState((s) => ({ ...s, error })),
    );
    return () => {
      current = false;
    };
  }, [load, needsLoad, state.attempt]);

  const retry = useCallback(() => setState((s) => ({ data: null, error: null, attempt: s.attempt + 1 })), []);
  return { data: state.data, error: state.error, retry };
}
