import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The module rules of decision 0022, checked on the source: lint enforces which file may import
 * which; this walks the whole graph, which lint cannot, and finds loops between module folders.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

interface SourceFile {
  /** Relative to src, with forward slashes: `modules/orders/checkout.service.ts`. */
  path: string;
  /** The src-relative files it imports (relative imports only). */
  imports: string[];
}

function sourceFiles(dir: string): SourceFile[] {
  const files = readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
  return files.map((file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
      (m) => m[1] ?? '',
    );
    return {
      path: file.split('\\').join('/'),
      imports: specifiers.map((s) =>
        relative(SRC, resolve(SRC, dirname(file), s))
          .split('\\')
          .join('/'),
      ),
    };
  });
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];
const isTable = (path: string) => /\.tables?$/.test(path);
const isFace = (path: string) => /^modules\/[^/]+\/[^/]+\.api$/.test(path);

const modules = sourceFiles('modules');
const platform = sourceFiles('platform');

describe('module graph', () => {
  it('platform never imports a module or the composition root', () => {
    const wrong = platform.flatMap((file) =>
      file.imports.filter((to) => !to.startsWith('platform/')).map((to) => `${file.path} → ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it('table files import only tables', () => {
    const wrong = modules
      .filter((file) => file.path.endsWith('.table.ts'))
      .flatMap((file) => file.imports.filter((to) => !isTable(to)).map((to) => `${file.path} → ${to}`));
    expect(wrong).toEqual([]);
  });

  it('a module reaches another only through its face or its tables', () => {
    const wrong = modules.flatMap((file) =>
      file.imports
        .filter((to) => moduleOf(to) !== undefined && moduleOf(to) !== moduleOf(file.path))
        .filter((to) => !isFace(to) && !isTable(to))
        .map((to) => `${file.path} → ${to}`),
    );
    expect(wrong).toEqual([]);
  });

  it('module folders do not depend on each other in a loop (through faces)', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of modules) {
      const from = moduleOf(file.path);
      if (!from) continue;
      for (const to of file.imports) {
        const target = moduleOf(to);
        if (!target || target === from || isTable(to)) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(target));
      }
    }
    // Depth-first search; a node met again while on the current path closes a loop.
    const loops: string[] = [];
    const done = new Set<string>();
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) {
        loops.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      if (done.has(node)) return;
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
      done.add(node);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(edges.size).toBeGreaterThan(3);
    expect(loops).toEqual([]);
  });
});
