/**
 * Follows a start's static value imports through the source (used by the small starts'
 * dependency tests: the landing page's and the sign-in page's). `sources` are the files under
 * src by their path there (`studio/landing/x.tsx`), `?raw`; type-only imports, CSS and dynamic
 * imports are not followed (a dynamic import is its own chunk, loaded only when asked).
 */
function importsOf(source: string): { names: string; from: string; typeOnly: boolean }[] {
  return [...source.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)].map((m) => ({
    typeOnly: Boolean(m[1]),
    names: m[2] ?? '',
    from: m[3] ?? '',
  }));
}

/** A path as seen from `dir` (`studio/landing`) → its path under src: `../../shared/x.ts` → `shared/x.ts`. */
export function joinPath(dir: string, path: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The glob's keys, relative to `dir`, as paths under src. */
export function sourcesUnderSrc(sources: Record<string, string>, dir: string): Map<string, string> {
  return new Map(Object.entries(sources).map(([key, text]) => [joinPath(dir, key), text]));
}

/** Every file `start` reaches through static value imports, and the imports not allowed. */
export function reachImports(
  files: Map<string, string>,
  start: string,
  allowedPackages: ReadonlySet<string>,
  contractValues: ReadonlySet<string>,
): { files: Set<string>; problems: string[] } {
  const resolve = (importer: string, specifier: string) => {
    const base = joinPath(importer.split('/').slice(0, -1).join('/'), specifier);
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => files.has(path));
  };
  const reached = new Set<string>();
  const problems: string[] = [];
  const queue = [start];
  while (queue.length) {
    const file = queue.pop() ?? '';
    if (reached.has(file)) continue;
    reached.add(file);
    for (const { names, from, typeOnly } of importsOf(files.get(file) ?? '')) {
      if (typeOnly) continue;
      if (from.startsWith('.')) {
        if (from.endsWith('.css')) continue;
        const target = resolve(file, from);
        if (target) queue.push(target);
        else problems.push(`${file}: cannot follow ${from}`);
        continue;
      }
      if (!allowedPackages.has(from)) problems.push(`${file}: ${from}`);
      if (from !== '@linkstore/contract') continue;
      for (const name of names.replace(/[{}]/g, '').split(',')) {
        const value = name.trim();
        if (value && !value.startsWith('type ') && !contractValues.has(value))
          problems.push(`${file}: ${value}`);
      }
    }
  }
  return { files: reached, problems };
}
