import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from '../config/constants';
import {
  buildThemeConfig,
  contrastRatio,
  MIN_CONTRAST,
  paintedPrimary,
  parseColor,
  readableOn,
  readablePrimary,
  relativeLuminance,
  resolveIsDark,
  textOnFill,
} from './theme-config';

/** The tokens antd computes for a theme config, as its components read them. */
function tokensOf(isDark: boolean, themeColor: string) {
  return antdTheme.getDesignToken(buildThemeConfig(isDark, themeColor));
}

/** Hue in degrees of a #rrggbb colour. */
function hue(color: string): number {
  const [r, g, b] = (parseColor(color) ?? [0, 0, 0]).map((channel) => channel / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}

describe('resolveIsDark', () => {
  it('follows the system only for auto', () => {
    expect(resolveIsDark('dark', false)).toBe(true);
    expect(resolveIsDark('light', true)).toBe(false);
    expect(resolveIsDark('auto', true)).toBe(true);
  });
});

describe('contrast', () => {
  it('parses hex and rgb colours', () => {
    expect(parseColor('#4080FF')).toEqual([64, 128, 255]);
    expect(parseColor('#48f')).toEqual([68, 136, 255]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('blue')).toBeUndefined();
  });

  it('computes WCAG 2 luminance and ratios', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#4080ff')).toBeCloseTo(3.65, 2);
    expect(contrastRatio('#4080ff', '#ffffff')).toBe(contrastRatio('#ffffff', '#4080ff'));
  });

  it('leaves a readable colour as it is', () => {
    expect(readableOn('#000000', ['#ffffff'], false)).toBe('#000000');
    expect(readableOn('#ffffff', ['#000000'], true)).toBe('#ffffff');
  });

  it('returns what it cannot parse unchanged', () => {
    expect(readablePrimary('var(--x)', false)).toBe('var(--x)');
  });
});

describe('readablePrimary', () => {
  it('darkens the default #4080FF until white text reads on it (3.65:1 → 4.5:1)', () => {
    const light = readablePrimary(DEFAULT_THEME_COLOR, false);
    expect(contrastRatio('#ffffff', DEFAULT_THEME_COLOR)).toBeLessThan(MIN_CONTRAST);
    expect(contrastRatio('#ffffff', light)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    for (const surface of ['#ffffff', '#f5f5f5', '#ececec']) {
      expect(contrastRatio(light, surface)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(relativeLuminance(light)).toBeLessThan(relativeLuminance(DEFAULT_THEME_COLOR));
    expect(Math.abs(hue(light) - hue(DEFAULT_THEME_COLOR))).toBeLessThan(2);
  });

  it('lightens it in the dark theme until it reads on the dark surfaces', () => {
    const dark = readablePrimary(DEFAULT_THEME_COLOR, true);
    for (const surface of ['#000000', '#141414', '#1f1f1f', '#262626']) {
      expect(contrastRatio(dark, surface)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(relativeLuminance(dark)).toBeGreaterThanOrEqual(relativeLuminance(DEFAULT_THEME_COLOR));
    expect(Math.abs(hue(dark) - hue(DEFAULT_THEME_COLOR))).toBeLessThan(2);
  });

  it.each(['#ffd700', '#00ff7f', '#ff4500', '#001529', '#722ed1', '#13c2c2', '#ffffff', '#000000'])(
    'makes %s readable in both themes',
    (color) => {
      expect(contrastRatio('#ffffff', readablePrimary(color, false))).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio('#141414', readablePrimary(color, true))).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  it('takes white text on light-theme fills and dark text on dark-theme ones', () => {
    expect(textOnFill(readablePrimary(DEFAULT_THEME_COLOR, false))).toBe('#ffffff');
    expect(textOnFill(readablePrimary(DEFAULT_THEME_COLOR, true))).not.toBe('#ffffff');
  });
});

describe('buildThemeConfig', () => {
  it('keeps the chosen colour as the seed', () => {
    expect(buildThemeConfig(false, '#ff4500').token?.colorPrimary).toBe('#ff4500');
  });

  describe.each([
    ['light', false, ['#ffffff', '#f5f5f5', '#ececec']],
    ['dark', true, ['#000000', '#141414', '#1f1f1f']],
  ] as const)('%s theme', (_name, isDark, surfaces) => {
    const token = tokensOf(isDark, DEFAULT_THEME_COLOR);

    it('paints the readable primary and links in it', () => {
      const chosen = relativeLuminance(DEFAULT_THEME_COLOR);
      for (const color of [token.colorPrimary, token.colorLink]) {
        expect(Math.abs(hue(color) - hue(DEFAULT_THEME_COLOR))).toBeLessThan(3);
        if (isDark) expect(relativeLuminance(color)).toBeGreaterThan(chosen);
        else expect(relativeLuminance(color)).toBeLessThan(chosen);
      }
    });

    it.each(['colorPrimaryHover', 'colorPrimaryActive', 'colorLinkHover', 'colorLinkActive'] as const)(
      '%s (a hovered or pressed button or link) reads at 4.5:1 on the surfaces too',
      (key) => {
        for (const background of surfaces) {
          expect(contrastRatio(token[key], background), `${key} on ${background}`).toBeGreaterThanOrEqual(
            MIN_CONTRAST,
          );
        }
      },
    );

    it.each([
      'colorPrimary',
      'colorLink',
      'colorSuccess',
      'colorWarning',
      'colorError',
      'colorInfo',
    ] as const)('%s reads at 4.5:1 on the surfaces and on its own tint (status tags)', (key) => {
      const tintKey = key === 'colorLink' ? 'colorPrimaryBg' : (`${key}Bg` as const);
      for (const background of [...surfaces, token[tintKey]]) {
        expect(contrastRatio(token[key], background), `${key} on ${background}`).toBeGreaterThanOrEqual(
          MIN_CONTRAST,
        );
      }
    });

    it.each(['Primary', 'Success', 'Warning', 'Error', 'Info'] as const)(
      'color%sText and its hover and pressed shades (coloured Typography) read at 4.5:1 on the surfaces and its tint',
      (status) => {
        for (const shade of ['Text', 'TextHover', 'TextActive'] as const) {
          const key = `color${status}${shade}` as const;
          for (const background of [...surfaces, token[`color${status}Bg`]]) {
            expect(contrastRatio(token[key], background), `${key} on ${background}`).toBeGreaterThanOrEqual(
              MIN_CONTRAST,
            );
          }
        }
      },
    );

    it('paints the page colour (--linkstore-primary) as antd does', () => {
      expect(paintedPrimary(isDark, DEFAULT_THEME_COLOR)).toBe(token.colorPrimary);
    });

    it('gives the primary button text that reads on it', () => {
      const onPrimary = buildThemeConfig(isDark, DEFAULT_THEME_COLOR).components?.Button?.primaryColor;
      const solid = onPrimary === '#ffffff' ? '#ffffff' : '#1e1e1e'; // rgba(0, 0, 0, 0.88) on a light fill, roughly
      expect(contrastRatio(solid, token.colorPrimary)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    });

    it('secondary and tertiary text reads at 4.5:1', () => {
      const ink = isDark ? 255 : 0;
      for (const key of [
        'colorTextSecondary',
        'colorTextTertiary',
        'colorTextDescription',
        'colorTextPlaceholder',
      ] as const) {
        const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(token[key])?.[1] ?? '1');
        for (const surface of surfaces) {
          const back = parseColor(surface) ?? [0, 0, 0];
          const seen = `rgb(${back.map((channel) => Math.round(channel + (ink - channel) * alpha)).join(', ')})`;
          expect(contrastRatio(seen, surface), `${key} on ${surface}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
      }
    });
  });
});
