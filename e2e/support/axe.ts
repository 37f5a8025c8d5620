import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe-core (WCAG 2.x A/AA rules and its best practices) finds wrong with the page as it is
 * now, one line per rule: "rule-id (impact): selector, selector". Empty when nothing is.
 * The page must allow the injected script: use a context with `bypassCSP`. `skipRules` leaves out
 * rules by id; a journey that skips one says why. `leaveOutFrames` checks the page without its
 * iframes (a frame showing another tool's own markup, e.g. Swagger UI; the journey says why).
 */
export async function accessibilityViolations(
  page: Page,
  {
    skipRules = [],
    leaveOutFrames = false,
  }: { skipRules?: readonly string[]; leaveOutFrames?: boolean } = {},
): Promise<string[]> {
  // Once per document: the two themes' checks of one page share it, as do pages reached by a
  // hash change. Parsing half a megabyte each time was a share of the walks' time on 2 cores.
  if (!(await page.evaluate<boolean>('typeof globalThis.axe?.run === "function"'))) {
    await page.addScriptTag({ content: axeSource });
  }
  const violations = await page.evaluate(
    async ({ skip, noFrames }) => {
      // Runs in the page; e2e code is typed without the DOM library.
      const scope = globalThis as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
        document: unknown;
      };
      const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
      const context = noFrames ? { exclude: [['iframe']] } : scope.document;
      // Only violations are read: axe then skips the node details of what passed.
      const options = { rules, iframes: !noFrames, resultTypes: ['violations'] };
      return (await scope.axe.run(context, options)).violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'unknown',
        // Contrast findings say what was measured: "(#777777 on #ffffff, 4.48:1)".
        targets: violation.nodes.map((node) => {
          const data = node.any.find((check) => check.id === 'color-contrast')?.data as
            { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
          const measured = data?.fgColor
            ? ` (${data.fgColor} on ${data.bgColor ?? '?'}, ${data.contrastRatio ?? '?'}:1)`
            : '';
          return `${node.target.join(' ')}${measured}`;
        }),
      }));
    },
    { skip: [...skipRules], noFrames: leaveOutFrames },
  );
  return violations.map(({ id, impact, targets }) => `${id} (${impact}): ${targets.join(', ')}`);
}
