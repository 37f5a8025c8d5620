import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE, renderStorefront } from '../test-support';
import { starShapes } from './stars';

// Read as a file: Vitest does not load style sheets (an import gives no text).
const css = readFileSync(join(import.meta.dirname, '../storefront.css'), 'utf8');

/** A custom property of the storefront's sheet (`--sf-bg: #fff;`), as written. */
function variable(name: string): string {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{3,6});`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`--${name} is not in storefront.css`);
  return value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('stars', () => {
  it('round a rating to the nearest half star', () => {
    expect(starShapes(45)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starShapes(43)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starShapes(42)).toEqual({ full: 4, half: 0, empty: 1 });
    expect(starShapes(48)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starShapes(25)).toEqual({ full: 2, half: 1, empty: 2 });
    expect(starShapes(10)).toEqual({ full: 1, half: 0, empty: 4 });
    expect(starShapes(0)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starShapes(70)).toEqual({ full: 5, half: 0, empty: 0 });
  });

  it('draw a half star as half, named by the exact rating', () => {
    const teapot = { ...PAGE.products.list[0]!, ratingTenths: 35 };
    renderStorefront('/s/demo', { page: { ...PAGE, products: { list: [teapot], total: 1 } } });

    const stars = screen.getByRole('img', { name: 'Rated 3.5 out of 5' });
    const half = stars.querySelectorAll('.sf-star-half');
    expect(half).toHaveLength(1);
    expect(half[0]).toHaveTextContent('★');
    // The empty star is an outline: told apart from the full ones by shape, not colour alone.
    expect(stars.querySelector('.sf-stars-empty')).toHaveTextContent(/^☆$/);
    expect(stars.textContent).toBe('★★★★☆');
  });

  it('stand out from the page and the cards, empty ones too (3:1 for a graphic; they were 1.68:1)', () => {
    for (const background of ['sf-bg', 'sf-soft']) {
      expect(contrast(variable('sf-star-off'), variable(background))).toBeGreaterThanOrEqual(3);
      expect(contrast(variable('sf-star-on'), variable(background))).toBeGreaterThanOrEqual(3);
    }
    // The rules paint with those colours (nothing hard-coded beside them).
    expect(css).toMatch(/\.sf-stars-empty \{\s*color: var\(--sf-star-off\);/);
    expect(css).toMatch(/\.sf-stars \{\s*color: var\(--sf-star-on\);/);
    expect(css).toMatch(
      /\.sf-star-half \{\s*background: linear-gradient\(90deg, var\(--sf-star-on\) 50%, var\(--sf-star-off\) 50%\)/,
    );
  });
});
