import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const API_ORIGIN = 'http://127.0.0.1:8080';

/**
 * Which lazily loaded modules an address needs first (decision 0033): `app` and `landing` are the
 * two starts `main.tsx` chooses between, the rest are the pages of the front door and the studio
 * home. Keys of `routes` are hash paths (`home` stands for `/` and `/index` when signed in).
 */
const FRONT_DOOR_MODULES = {
  app: 'src/app-start.tsx',
  landing: 'src/studio/landing/landing-start.tsx',
  signin: 'src/studio/signin/signin-start.tsx',
  routes: {
    '/login': ['src/studio/auth/login-page.tsx'],
    '/register': ['src/studio/auth/register-page.tsx'],
    '/forgot-password': ['src/studio/auth/forgot-password-page.tsx'],
    '/console/login': ['src/console/auth/console-login-page.tsx'],
    home: ['src/studio/layout/studio-layout.tsx', 'src/studio/home/home-page.tsx'],
  },
} as const;

/**
 * Small shared chunks (under this many bytes of source) are copied into the chunks that read them
 * instead of being files of their own (decision 0033, "fewer files"). On a phone network over
 * HTTP/1.1 each file waits for one of six connections and pays a round trip: the studio home was
 * 80 files, and the sign-in request queued behind them (9.6 s to the home; 4.7 s with this).
 * Rolldown keeps one module state across the copies (a registry in its runtime).
 */
const INLINE_SHARED_CHUNKS_BELOW = 60_000;

/** A chunk's file, its CSS and the files of everything it imports statically, minus `known`. */
function closure(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk | undefined,
  known: Set<string>,
): string[] {
  const files: string[] = [];
  const visit = (name: string) => {
    const item = bundle[name];
    if (known.has(name) || !item || item.type !== 'chunk') return;
    known.add(name);
    files.push(name);
    for (const css of item.viteMetadata?.importedCss ?? []) {
      if (known.has(css)) continue;
      known.add(css);
      files.push(css);
    }
    for (const imported of item.imports) visit(imported);
  };
  if (chunk) visit(chunk.fileName);
  return files;
}

/**
 * The front door's preload (decision 0033): a small inline script in index.html's head that reads
 * the address and the kept sign-in before anything else loads and asks at once for the start it
 * will take (the landing page's or the app's) and that page's chunks — which otherwise are found
 * only after `main.js` has run and then the router has run: two round trips each. It also paints
 * the kept theme's colour scheme, so the HTML shell shows in the right theme. The server allows
 * this one inline script by its hash (apps/server/src/platform/http/security-headers.ts).
 */
function frontDoorPreload(): Plugin {
  return {
    name: 'linkstore-front-door-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.filename.endsWith('index.html') || !context.chunk) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const byModule = (suffix: string) =>
          chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${suffix}`));
        // What the HTML already asks for: the entry and its static imports.
        const entryFiles = new Set<string>();
        closure(bundle, context.chunk, entryFiles);
        const startOf = (suffix: string) => closure(bundle, byModule(suffix), new Set(entryFiles));
        const app = startOf(FRONT_DOOR_MODULES.app);
        const landing = startOf(FRONT_DOOR_MODULES.landing);
        const signin = startOf(FRONT_DOOR_MODULES.signin);
        // The sign-in page's texts per language (`signin-texts.ts`): English is always loaded too.
        const signinTexts: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const found = /\/locales\/([a-z-]+)\/(studio|common)\.json\?raw$/.exec(
            chunk.facadeModuleId?.replaceAll('\\', '/') ?? '',
          );
          if (found?.[1]) (signinTexts[found[1]] ??= []).push(chunk.fileName);
        }
        const routes = Object.fromEntries(
          Object.entries(FRONT_DOOR_MODULES.routes).map(([path, modules]) => {
            const known = new Set([...entryFiles, ...app]);
            return [path, modules.flatMap((suffix) => closure(bundle, byModule(suffix), known))];
          }),
        );
        if (app.length === 0 || landing.length === 0 || signin.length === 0 || !signinTexts.en)
          throw new Error('front door: a start chunk is missing');
        const map = JSON.stringify({ app, landing, signin, signinTexts, routes });
        const script = `(function(){var m=${map},t='',k,s;try{s=window.localStorage;t=s.getItem('access_token')||'';k=JSON.parse(s.getItem('settings')||'{}').theme}catch(e){}var p=location.hash.replace(/^#/,'').split('?')[0].replace(/\\/+$/,'')||'/',h=p==='/'||p==='/index',d=k==='dark'||(k==='auto'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches),g=(location.hash.match(/[?&]lang=([^&]*)/)||[])[1],f,i,l;try{g=(g||s.getItem('language')||'en').toLowerCase()}catch(e){g='en'}f=!t&&(h||p==='/welcome')?m.landing:!t&&(p==='/login'||p==='/register')?m.signin.concat(m.signinTexts.en,g!=='en'&&m.signinTexts[g]||[]):m.app.concat(m.routes[h?'home':p]||[]);window.__LINKSTORE_FRONT_DOOR__=m;document.documentElement.style.colorScheme=d?'dark':'light';for(i=0;i<f.length;i++){l=document.createElement('link');if(/\\.css$/.test(f[i]))l.rel='stylesheet';else{l.rel='modulepreload';l.crossOrigin=''}l.href='/'+f[i];document.head.appendChild(l)}})();`;
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * Which client build this is: the app (studio + console, `index.html`) or the buyers' storefront
 * (`storefront.html`), each its own `vite build` into the same `dist` (`scripts/lib/web-build.mjs`
 * runs the app's, then `LINKSTORE_WEB_BUILD=storefront`, then the storefront's server entry). Apart
 * because the app's chunking (strict execution order, inlined shared chunks) would add bytes to the
 * storefront, whose shop page has an 80 KB budget; they share no code beyond React (decision 0021).
 */
const storefrontBuild = process.env.LINKSTORE_WEB_BUILD === 'storefront';

/**
 * Test files that need modules of their own (see `test.projects`), found rather than listed: a file
 * that replaces a module with `vi.mock`, or says why in a line `// Own modules: …` (it asserts a
 * lazily loaded module's placeholder, shown only before its first load, or compares
 * server-rendered HTML with React's hydration, whose per-document state React DOM keeps).
 */
function isolatedTestFiles(dir = 'src'): string[] {
  return readdirSync(fileURLToPath(new URL(dir, import.meta.url)), { withFileTypes: true }).flatMap(
    (entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return isolatedTestFiles(path);
      if (!/\.test\.tsx?$/.test(entry.name)) return [];
      const text = readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
      return /\bvi\.mock\(|^\/\/ Own modules: /m.test(text) ? [path] : [];
    },
  );
}
const ISOLATED_TEST_FILES = isolatedTestFiles();

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), frontDoorPreload()],
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
    // The app's build empties dist; the storefront's and the server entry's add to it.
    emptyOutDir: !isSsrBuild && !storefrontBuild,
    // The shared core (React, router, antd's base, zod, i18next) is one ~730 kB chunk by design:
    // splitting it further made the login page load more, not less. `npm run bench` tracks
    // the bytes each page loads instead of this per-chunk warning.
    chunkSizeWarningLimit: 800,
    // Which files each source became: the server preloads a storefront first screen's lazy modules
    // with the storefront's (`.vite/manifest.json`); the app's is for people looking at the build.
    manifest: isSsrBuild ? false : storefrontBuild ? true : '.vite/app-manifest.json',
    // The app (studio + console) and the buyers' storefront are built apart (see above), so a
    // shop page loads only its own small bundle (decision 0021). The server build (`vite build
    // --ssr`, decision 0034) is the storefront's server entry alone.
    rollupOptions: {
      input: (isSsrBuild
        ? { 'server-entry': 'src/storefront/server-entry.tsx' }
        : storefrontBuild
          ? { storefront: 'storefront.html' }
          : { main: 'index.html' }) as Record<string, string>,
      // Inlining needs entries free to drop unused exports (ours export nothing).
      ...(isSsrBuild || storefrontBuild ? {} : { preserveEntrySignatures: false as const }),
      output:
        isSsrBuild || storefrontBuild
          ? {}
          : {
              codeSplitting: {
                experimentalInlineCommonChunks: {
                  maxSize: INLINE_SHARED_CHUNKS_BELOW,
                  // Chunks holding styles stay files: Vite emits a style module's CSS once per chunk.
                  exclude: /\.(css|scss|sass|less)(\?|$)/,
                },
              },
            },
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
    // Most files share a worker's loaded modules (`isolate: false`): each file loading antd, React
    // and the app's modules afresh was two thirds of the web tests' time (617 s → 148 s on 2 cores,
    // decision 0051). The files that replace a module (`vi.mock`), wait for a lazy module's first
    // load or read React's per-document state keep a fresh module graph each.
    projects: [
      { extends: true, test: { name: 'web (own modules)', include: ISOLATED_TEST_FILES } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...ISOLATED_TEST_FILES, '**/node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
}));
