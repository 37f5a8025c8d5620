import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helper';
import { contentSecurityPolicy, inlineScriptSources, securityHeaders } from './security-headers';

/**
 * What helmet's defaults send, from its middleware run once on a stand-in response: helmet is a
 * dev dependency only, the yardstick our precomputed set (decision 0008) is held to.
 */
function helmetDefaults(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet()({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw new Error('helmet failed on the stand-in response', { cause: error });
  });
  return headers;
}

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => Boolean(name))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** Headers helmet sends that we leave out, and why (decision 0024). */
const LEFT_OUT: Record<string, string> = {
  'x-download-options': 'only Internet Explorer 8 read it',
};

/** Headers whose value differs from helmet's default on purpose. */
const OUR_VALUES: Record<string, string> = {
  // The browsers' own default: other sites learn our origin, never a path or a query.
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** CSP sources we allow beyond helmet's default directives, and why. */
const BEYOND_HELMET: Record<string, string[]> = {
  // Product and brand images come from other hosts, over https; previews are blob: URLs.
  'img-src': ['blob:', 'https:'],
  // Stricter than helmet's 'self': no page of ours may be framed at all.
  'frame-ancestors': ["'none'"],
};

describe('security headers against helmet’s defaults', () => {
  const helmets = helmetDefaults();
  const ours = securityHeaders(testConfig({ PUBLIC_URL: 'https://shop.example' }));

  it('reads helmet’s defaults', () => {
    expect(Object.keys(helmets).length).toBeGreaterThan(10);
  });

  it('sends every header helmet sends, with its value, but for the listed exceptions', () => {
    for (const [name, value] of Object.entries(helmets)) {
      if (name === 'content-security-policy') continue;
      if (name in LEFT_OUT) expect(ours[name], name).toBeUndefined();
      else expect(ours[name], name).toBe(OUR_VALUES[name] ?? value);
    }
  });

  it('sets each CSP directive helmet sets, allowing nothing more but the listed sources', () => {
    const theirs = directivesOf(helmets['content-security-policy'] ?? '');
    const mine = directivesOf(ours['content-security-policy'] ?? '');
    for (const [name, sources] of theirs) {
      expect(mine.has(name), name).toBe(true);
      const allowed = new Set([...sources, ...(BEYOND_HELMET[name] ?? [])]);
      for (const source of mine.get(name) ?? []) expect(allowed, `${name} ${source}`).toContain(source);
    }
  });

  it('upgrades insecure requests and sends HSTS only when the public address is https', () => {
    expect(contentSecurityPolicy(testConfig({ PUBLIC_URL: 'https://shop.example' }))).toContain(
      'upgrade-insecure-requests',
    );
    const overHttp = securityHeaders(testConfig({ PUBLIC_URL: 'http://localhost:8080' }));
    expect(overHttp['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(overHttp['strict-transport-security']).toBeUndefined();
  });
});

describe('the web build’s inline script', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('lists the hash of each inline script, not of scripts loaded by address or empty ones', () => {
    const html =
      '<head><script>var a=1;</script><script defer src="/runtime-config.js"></script>' +
      '<script type="module" crossorigin src="/assets/main.js"></script><script></script></head>' +
      '<body><script type="text/javascript">b()</script></body>';
    expect(inlineScriptSources(html)).toEqual([sha256('var a=1;'), sha256('b()')]);
  });

  it('allows the build’s inline script by its hash, and no other', () => {
    const dist = mkdtempSync(join(tmpdir(), 'linkstore-csp-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<html><head><script>preload()</script></head></html>');
      const scripts = directivesOf(contentSecurityPolicy(testConfig({ WEB_DIST_DIR: dist }))).get(
        'script-src',
      );
      expect(scripts).toEqual(["'self'", sha256('preload()')]);
      const withoutBuild = directivesOf(contentSecurityPolicy(testConfig())).get('script-src');
      expect(withoutBuild).toEqual(["'self'"]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
