/** A tiny typed event emitter: `on` returns its own unsubscribe, listeners run in order. */
export function createEmitter<TEvents extends Record<string, unknown>>() {
  type TListener = (payload: never) => void;
  const listeners = new Map<keyof TEvents, Set<TListener>>();
  return {
    on<K extends keyof TEvents>(event: K, listener: (payload: TEvents[K]) => void): () => void {
      const set = listeners.get(event) ?? new Set<TListener>();
      set.add(listener);
      listeners.set(event, set);
      return () => {
        set.delete(listener);
      };
    },
    emit<K extends keyof TEvents>(event: K, payload: TEvents[K]): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        (listener as (payload: TEvents[K]) => void)(payload);
      }
    },
  };
}
