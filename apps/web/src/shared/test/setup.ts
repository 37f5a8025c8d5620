import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFakeApi } from './fake-api';

// Lazy route chunks are transformed on first use, which can take a few seconds in CI.
configure({ asyncUtilTimeout: 5000 });

/** A test file may run in Node (`@vitest-environment node`, e.g. the storefront's server entry). */
const inBrowser = typeof window !== 'undefined';

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
  }
  vi.unstubAllGlobals();
});
