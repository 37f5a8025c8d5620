import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a part of the security suite measured (requests sent, seed, answers by status…), for the
 * stage's JSON summary. The stage sets SECURITY_FIGURES_DIR; run alone, the figures are dropped.
 */
export function recordFigures(part: string, figures: Record<string, unknown>): void {
  const dir = process.env.SECURITY_FIGURES_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${part}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}
