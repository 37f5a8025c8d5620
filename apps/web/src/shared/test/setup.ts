import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { _test as escapeKeyStack } from '@rc-component/portal/lib/useEscKeyDown';
import { createFakeApi } from './fake-api';

// Lazy route chunks are transformed on first use, which can take a few seconds in CI.
configure({ asyncUtilTimeout: 5000 });

/** A test file may run in Node (`@vitest-environment node`, e.g. the storefront's server entry). */
const inBrowser = typeof window !== 'undefined';
/** The session store (it listens on `window`, so it is loaded only where there is one). */
const session = inBrowser ? await import('../session/session-store') : undefined;

// jsdom lacks these browser APIs that antd and the router layout call.
if (inBrowser && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
if (inBrowser) window.scrollTo = vi.fn();

// No test reaches a network: unless a test installs its own, a fake API answers the public calls.
beforeEach(() => {
  vi.stubGlobal('fetch', createFakeApi().fetch);
});

afterEach(() => {
  if (inBrowser) {
    cleanup();
    // Files share a worker's window (vite.config.ts, `isolate: false`): nothing a test kept stays.
    localStorage.clear();
    sessionStorage.clear();
    // The session store keeps the tokens in memory too: a file's tokens no longer outlive it (a
    // later file's visitor was then shown as signed in: top-bar.test.tsx).
    session?.useSession.setState({ authorization: '', refreshToken: '', expiresAt: undefined });
    // antd's drawers and modals hear Escape through one module-level stack, in which only the top
    // one closes. An entry pushed by a render React never committed has no effect to remove it, and
    // with shared modules it would outlive its file: a later file's drawer then ignored Escape.
    escapeKeyStack?.().stack.splice(0);
  }
  vi.unstubAllGlobals();
});
