import { describe, expect, it } from 'vitest';
import { shopLink } from './shop-link';

describe('shopLink', () => {
  it('is a subdomain of the shop domain when one is configured', () => {
    expect(shopLink('ana', { origin: 'https://linkstore.app', shopBaseDomain: 'shops.example' })).toBe(
      'https://ana.shops.example',
    );
  });

  it('is <origin>/s/<slug> without a shop domain, whatever trailing slashes the origin has', () => {
    expect(shopLink('ana-b', { origin: 'http://127.0.0.1:8080/' })).toBe('http://127.0.0.1:8080/s/ana-b');
    expect(shopLink('ana-b', { origin: 'http://127.0.0.1:8080', shopBaseDomain: undefined })).toBe(
      'http://127.0.0.1:8080/s/ana-b',
    );
  });
});
