import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

const claims = { sub: '7', sid: '3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6', ver: 2 };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies a token once and remembers it only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-0123456789', 'http://127.0.0.1');
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'));
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('refuses a token changed by one character, signed with another secret or for another issuer', async () => {
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-0123456789', 'http://127.0.0.1');
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token)).toEqual(claims);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await signer.verify(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeUndefined();
    const other = createTokenSigner('another-secret-long-enough-for-hs256-xyz', 'http://127.0.0.1');
    expect(await other.verify(token)).toBeUndefined();
    const elsewhere = createTokenSigner('a-secret-long-enough-for-hs256-0123456789', 'http://example.com');
    expect(await elsewhere.verify(token)).toBeUndefined();
  });
});
