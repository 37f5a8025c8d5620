import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { TSize } from '../preferences/app-preferences-store';
import type { TTheme } from '../preferences/settings-store';

export const COMPONENT_SIZES: Record<TSize, SizeType> = { default: 'middle', large: 'large', small: 'small' };

/** `auto` follows the operating system's colour scheme. */
export function resolveIsDark(theme: TTheme, prefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'auto' && prefersDark);
}

// ------------------------------------------------------------------------------------------------
// Contrast (WCAG 2): text must reach 4.5:1 against what is behind it.

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

type TRgb = readonly [number, number, number];

/** "#4080ff", "#48f" or "rgb(64, 128, 255)" → [64, 128, 255]; undefined if not a colour. */
export function parseColor(color: string): TRgb | undefined {
  const value = color.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short)
    return [short[1], short[2], short[3]].map((digit) => parseInt(`${digit}${digit}`, 16)) as unknown as TRgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/.exec(value);
  if (long) return [long[1], long[2], long[3]].map((pair) => parseInt(pair ?? '0', 16)) as unknown as TRgb;
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return undefined;
}

function toHex([r, g, b]: TRgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const rgb = parseColor(color) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as TRgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Mixes `amount` (0–1) of `toward` into `color`: same hue, darker toward black, lighter toward white. */
function mix(color: TRgb, toward: TRgb, amount: number): TRgb {
  return color.map((channel, i) => channel + ((toward[i] ?? 0) - channel) * amount) as unknown as TRgb;
}

const BLACK: TRgb = [0, 0, 0];
const WHITE: TRgb = [255, 255, 255];

/**
 * `color` itself when it reaches `ratio` against every one of `backgrounds`, else the first of it
 * darkened (light theme) or lightened (dark theme) in 2 % steps that does. Always returns #rrggbb.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  lighten: boolean,
  ratio = MIN_CONTRAST,
): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const toward = lighten ? WHITE : BLACK;
  for (let step = 0; step <= 50; step += 1) {
    const candidate = toHex(mix(rgb, toward, step / 50));
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return toHex(toward);
}

/** Page, card and raised surfaces (antd's colorBgLayout, colorBgContainer, colorBgElevated, fills). */
const LIGHT_SURFACES = ['#ffffff', '#f5f5f5', '#ececec'];
const DARK_SURFACES = ['#000000', '#0a0a0a', '#141414', '#1f1f1f', '#262626'];

/**
 * The theme colour as it is used: behind white text (buttons) and as text (links, selected items)
 * on the light theme's surfaces, or as text on the dark theme's. The operator's setting stays as
 * chosen; only the colour painted is darkened (light) or lightened (dark) until it reads at 4.5:1.
 */
export function readablePrimary(themeColor: string, isDark: boolean): string {
  return readableOn(themeColor, isDark ? DARK_SURFACES : LIGHT_SURFACES, isDark);
}

/**
 * Text on a solid fill of `fill`: white if it reads at 4.5:1 there, else near-black. In the dark
 * theme the primary colour is light enough to be read on dark surfaces, so it takes dark text.
 */
export function textOnFill(fill: string): string {
  return contrastRatio('#ffffff', fill) >= MIN_CONTRAST ? '#ffffff' : DARK_TEXT;
}

const DARK_TEXT = 'rgba(0, 0, 0, 0.88)';

type TStatus = 'Primary' | 'Success' | 'Warning' | 'Error' | 'Info' | 'Link';
type TMapToken = ReturnType<typeof antdTheme.defaultAlgorithm>;
type TSeedToken = Parameters<typeof antdTheme.defaultAlgorithm>[0];

/** antd's tertiary grey (descriptions, secondary Typography, placeholders), at 4.5:1 on its surfaces. */
const READABLE_TERTIARY = { light: 'rgba(0, 0, 0, 0.6)', dark: 'rgba(255, 255, 255, 0.6)' };

/**
 * An antd algorithm run after the default or dark one: the primary, link and status colours it
 * derived, moved (same hue) until they read at 4.5:1 as text on the theme's surfaces and on their
 * own tinted backgrounds (status tags, selected rows); hover and active shades of the primary and
 * links likewise on the surfaces. Tints stay as derived.
 */
export function readableAlgorithm(isDark: boolean) {
  const surfaces = isDark ? DARK_SURFACES : LIGHT_SURFACES;
  return (seed: TSeedToken, derived?: TMapToken): TMapToken => {
    const token = { ...(derived ?? antdTheme.defaultAlgorithm(seed)) };
    const statuses: TStatus[] = ['Primary', 'Link', 'Success', 'Warning', 'Error', 'Info'];
    for (const status of statuses) {
      // Selected rows and menu items (colorPrimaryBg), status tags (their colour's Bg).
      const tint =
        status === 'Link' || status === 'Primary' ? token.colorPrimaryBg : token[`color${status}Bg`];
      const backgrounds = [...surfaces, tint].filter((background) => parseColor(background) !== undefined);
      // The primary starts from the operator's colour itself (the dark algorithm dims it).
      const start =
        status === 'Primary' ? readablePrimary(seed.colorPrimary, isDark) : token[`color${status}`];
      token[`color${status}`] = readableOn(start, backgrounds, isDark);
    }
    // A hovered or pressed primary button or link is still read: its shade is moved the same way.
    for (const shade of [
      'colorPrimaryHover',
      'colorPrimaryActive',
      'colorLinkHover',
      'colorLinkActive',
    ] as const) {
      token[shade] = readableOn(token[shade], surfaces, isDark);
    }
    // Coloured text (Typography's success / warning / danger, primary text) and its hover and
    // pressed shades: antd derives these apart from the colours above (#faad14 warning text
    // read at 1.9:1 on white), so they are moved on the surfaces and their own tints too.
    for (const status of ['Primary', 'Success', 'Warning', 'Error', 'Info'] as const) {
      const tint = token[`color${status}Bg`];
      const backgrounds = [...surfaces, tint].filter((background) => parseColor(background) !== undefined);
      for (const shade of ['Text', 'TextHover', 'TextActive'] as const) {
        const key = `color${status}${shade}` as const;
        token[key] = readableOn(token[key], backgrounds, isDark);
      }
    }
    token.colorTextTertiary = READABLE_TERTIARY[isDark ? 'dark' : 'light'];
    return token;
  };
}

export function buildThemeConfig(
  isDark: boolean,
  themeColor: string,
  { reduceMotion = false }: { reduceMotion?: boolean } = {},
): ThemeConfig {
  const base = isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  // Light theme: colours darkened until white reads on them; dark theme: lightened until they
  // read on black, so white no longer does and their fills take dark text.
  const onFill = isDark ? DARK_TEXT : '#ffffff';
  const tertiary = READABLE_TERTIARY[isDark ? 'dark' : 'light'];
  return {
    algorithm: [base, readableAlgorithm(isDark)],
    // Links follow the theme colour (antd's own default is its blue #1677ff).
    token: {
      colorPrimary: themeColor,
      colorLink: themeColor,
      colorTextPlaceholder: tertiary,
      // A person who asked their system for less motion gets none: dialogs, drawers, menus and
      // colour changes appear at once (antd's durations become 0 s and its motion is off).
      ...(reduceMotion ? { motion: false } : {}),
    },
    components: {
      Button: { primaryColor: onFill, dangerColor: onFill },
      Radio: { buttonSolidCheckedColor: onFill },
      // A table with no rows says so in colorTextDisabled, as if it were switched off.
      Table: { colorTextDisabled: tertiary },
    },
  };
}

/** The primary colour antd paints for a theme: the operator's colour made readable in it. */
export function paintedPrimary(isDark: boolean, themeColor: string): string {
  return antdTheme.getDesignToken(buildThemeConfig(isDark, themeColor)).colorPrimary;
}
