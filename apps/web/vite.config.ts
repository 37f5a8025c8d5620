import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
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
    testTimeout: 20_000,
  },
});
