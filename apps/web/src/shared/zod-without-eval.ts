// The web build's `zod` (vite.config.ts aliases the bare `zod` here): zod itself, with `jitless`
// set before any module that imports zod builds a schema.
//
// zod 4 probes once whether it may compile parsers with `new Function`. Our CSP has no
// 'unsafe-eval', so the probe is refused — and the browser reports the refusal as a CSP
// violation on every page load, although zod catches it and parses without compiling. The
// security suite (e2e/security/xss.spec.ts) treats every CSP violation as a possible injection,
// so the app must cause none of its own. `jitless` skips the probe: the same parsing as under the
// CSP. A `z.config` call in main.tsx is not enough: the bundler evaluates the shared chunk, where
// the contract's schemas are built, before the entry's own code.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
