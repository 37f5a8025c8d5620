import { dictsRoutes, type TLanguage } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { sessionEvents } from '../session/session-events';
import { isSignedIn } from '../session/session-store';
import { dictCache, useDictStore } from './dict-cache';

/**
 * Filling the dictionary cache from `GET /api/v1/dict/list`: after sign-in (and at start-up
 * when already signed in), again when the language changes (labels come translated), and after
 * an operator edits a dictionary.
 */

interface TLoad {
  epoch: number;
  language: TLanguage;
}

let latest = 0;
let inFlight: (TLoad & { promise: Promise<void> }) | undefined;
let lastStarted: TLoad | undefined;

const current = (): TLoad => ({
  epoch: useDictStore.getState().epoch,
  language: useAppPreferences.getState().language,
});

const isSame = (a: TLoad | undefined, b: TLoad) => a?.epoch === b.epoch && a.language === b.language;

/**
 * Fetches every dictionary into the cache. Calls for the same language while one is running
 * share it, unless `isFresh` (after an edit: the running call may have been answered before
 * it); an answer overtaken by a newer load or by a clear (logout) is dropped. A failure has
 * been shown by the http client; the cache keeps what it had.
 */
export function loadDictionaries({ isFresh = false }: { isFresh?: boolean } = {}): Promise<void> {
  const load = current();
  if (!isFresh && inFlight && isSame(inFlight, load)) return inFlight.promise;
  latest += 1;
  const sequence = latest;
  lastStarted = load;
  const promise = callRoute(dictsRoutes.list)
    .then((list) => {
      if (sequence === latest && useDictStore.getState().epoch === load.epoch) dictCache.setAll(list);
    })
    .catch(() => undefined)
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = undefined;
    });
  inFlight = { ...load, promise };
  return promise;
}

/**
 * For components: loads once per sign-in and language when nothing has been asked yet (a page
 * opened before the start-up load, a test). A failed load is not retried here.
 */
export function ensureDictionaries(): Promise<void> {
  if (!isSignedIn() || isSame(lastStarted, current())) return inFlight?.promise ?? Promise.resolve();
  return loadDictionaries();
}

/** Start-up (main.tsx): follow sign-ins and language changes. Returns the unsubscribe. */
export function startDictionarySync(): () => void {
  const offUser = sessionEvents.on('user', () => void loadDictionaries());
  const offLanguage = useAppPreferences.subscribe((state, previous) => {
    if (state.language !== previous.language && isSignedIn()) void loadDictionaries();
  });
  return () => {
    offUser();
    offLanguage();
  };
}
