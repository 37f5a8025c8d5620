import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react()],
  resolve: {
    // zod without its `new Function` probe, which our CSP refuses and reports (see the module).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/shared/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The shared core (React, router, antd's base, zod, i18next) is one ~730 kB chunk by design:
    // splitting it further made the login page load more, not less. `npm run bench` tracks
    // the bytes each page loads instead of this per-chunk warning.
    chunkSizeWarningLimit: 800,
    // Which files each source became: the server preloads a first screen's lazy modules with it.
    manifest: !isSsrBuild,
    // Two entries: the app (studio + console) and the buyers' storefront, which shares no code
    // with it beyond React, so a shop page loads only its own small bundle (decision 0021).
    // The server build (`vite build --ssr`, decision 0034) is the storefront's server entry alone.
    rollupOptions: {
      input: (isSsrBuild
        ? { 'server-entry': 'src/storefront/server-entry.tsx' }
        : { main: 'index.html', storefront: 'storefront.html' }) as Record<string, string>,
    },
  },
  // The server entry brings its own React (the server needs none of the web app's packages), built
  // for production. Only in that build: tests keep Vitest's own handling of packages.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/ws': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/runtime-config.js': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/shared/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Node loads `antd` as its CommonJS build (lib/); a module taken from its ES build (es/) would
    // be a second copy, so a context from there would never meet antd's own.
    alias: [
      {
        find: /^antd\/es\/table\/TableMeasureRowContext$/,
        replacement: 'antd/lib/table/TableMeasureRowContext',
      },
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, which
    // left one idle. The workers do the work (the main process mostly waits): 453 s → 307 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
  },
}));
