import { describe, expect, it } from 'vitest';
import { ZBannerRequest } from '../catalog/banners.schema';
import { ZShopUrl } from '../shops/shops.schema';
import { isSafeLink } from './link';

/** Each of these opens another site (or is not an address) once a browser has read it. */
const TRICKY_LINKS = [
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\u0000/evil.example',
  '/\u001f/evil.example',
  '/files/a\\..\\b.png',
  '\u0001/s/demo',
  'https:\\\\evil.example',
  'https://good.example\\@evil.example',
  'javascript:alert(1)',
  'evil.example',
];

describe('isSafeLink', () => {
  it('takes a path on this site or an absolute http(s) address', () => {
    for (const link of [
      '/s/demo',
      '/files/banner/a.png',
      '/',
      'https://example.com/sale',
      'http://a.example',
    ]) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('refuses backslashes, protocol-relative tricks and control characters', () => {
    for (const link of TRICKY_LINKS) expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
  });

  it('is the rule of the catalog and shop banner links and images', () => {
    for (const link of TRICKY_LINKS) {
      const banner = ZBannerRequest.safeParse({ title: 'B', imageUrl: '/files/a.png', linkUrl: link });
      expect(banner.success, JSON.stringify(link)).toBe(false);
      expect(banner.error?.issues.map((issue) => issue.path.join('.'))).toContain('linkUrl');
      expect(ZBannerRequest.safeParse({ title: 'B', imageUrl: link }).success).toBe(false);
      expect(ZShopUrl.safeParse(link).success, JSON.stringify(link)).toBe(false);
    }
    // Leading and trailing spaces are trimmed away before the check, so they cannot hide a trick.
    expect(ZShopUrl.safeParse('  /s/demo ').data).toBe('/s/demo');
    expect(ZShopUrl.safeParse(' //evil.example').success).toBe(false);
    expect(ZBannerRequest.parse({ title: 'B', imageUrl: '/files/a.png', linkUrl: ' ' }).linkUrl).toBeNull();
  });
});
