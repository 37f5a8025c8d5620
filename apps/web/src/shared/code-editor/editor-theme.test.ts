import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { buildThemeConfig, contrastRatio, MIN_CONTRAST } from '../theme/theme-config';
import { editorSurfaces, isDarkBackground, SYNTAX_PALETTES } from './editor-theme';

const tokensOf = (isDark: boolean) => theme.getDesignToken(buildThemeConfig(isDark, '#4080FF'));

describe('editor colours (WCAG 2 AA in both console themes)', () => {
  it.each([false, true])(
    'syntax colours read at 4.5:1 on the background, active line and selection (dark %s)',
    (isDark) => {
      const token = tokensOf(isDark);
      expect(isDarkBackground(token.colorBgContainer)).toBe(isDark);
      const surfaces = editorSurfaces(isDark);
      const palette = SYNTAX_PALETTES[isDark ? 'dark' : 'light'];
      const weak = Object.entries(palette).flatMap(([name, color]) =>
        [token.colorBgContainer, surfaces.activeLine, surfaces.selection]
          .filter((background) => contrastRatio(color, background) < MIN_CONTRAST)
          .map(
            (background) =>
              `${name} ${color} on ${background}: ${contrastRatio(color, background).toFixed(2)}`,
          ),
      );
      expect(weak).toEqual([]);
    },
  );

  it.each([false, true])(
    'log levels read at 4.5:1 on their own tint and the background (dark %s)',
    (isDark) => {
      const token = tokensOf(isDark);
      const levels = [
        [token.colorErrorText, token.colorErrorBg],
        [token.colorWarningText, token.colorWarningBg],
        [token.colorSuccessText, token.colorSuccessBg],
        [token.colorInfoText, token.colorInfoBg],
      ] as const;
      for (const [text, tint] of levels) {
        expect(contrastRatio(text, tint)).toBeGreaterThanOrEqual(MIN_CONTRAST);
        expect(contrastRatio(text, token.colorBgContainer)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      // The download link (the primary colour) on the background.
      expect(contrastRatio(token.colorPrimary, token.colorBgContainer)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );
});
