// Import cycles among a TypeScript program's own files, found from the program itself (its parsed
// files and TypeScript's module resolution). `scripts/check-code.mjs` runs this instead of ESLint's
// `import-x/no-cycle`, which resolved every import of every file again and was over a third of the
// lint time (decision 0051); `npm run lint` and editors keep the ESLint rule. The same rule: type-only
// imports are erased and cannot make a loop at run time; packages (anything resolved into
// node_modules, the workspace's own included) are outside the graph.
import { relative } from 'node:path';
import ts from 'typescript';

/** Whether an import or export declaration brings nothing at run time. */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import './x'` runs x.
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0
      ? named.elements.every((element) => element.isTypeOnly)
      : false;
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0
    ? clause.elements.every((element) => element.isTypeOnly)
    : false;
}

/** The module names a file loads at run time: static imports, re-exports and `import()`. */
function runtimeSpecifiers(file) {
  const names = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !typeOnly(node)
    )
      names.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      names.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/**
 * The cycles of `program`'s files under `root` (each a list of paths relative to `root`), as the
 * strongly connected components of their run-time imports (Tarjan's algorithm).
 */
export function importCycles(program, root) {
  const options = program.getCompilerOptions();
  const own = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !file.fileName.includes('/node_modules/'));
  const known = new Set(own.map((file) => file.fileName));
  const edges = new Map();
  for (const file of own) {
    const targets = new Set();
    for (const name of runtimeSpecifiers(file)) {
      const resolved = ts.resolveModuleName(name, file.fileName, options, ts.sys).resolvedModule;
      const target = resolved?.resolvedFileName;
      if (target && !resolved.isExternalLibraryImport && known.has(target)) targets.add(target);
    }
    edges.set(file.fileName, [...targets]);
  }

  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const connect = (start) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const targets = edges.get(node) ?? [];
      if (at < targets.length) {
        frame[1] += 1;
        const target = targets[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      for (let member = stack.pop(); ; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      const selfLoop = component.length === 1 && targets.includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component.map((f) => relative(root, f)).sort());
    }
  };
  for (const file of own) if (!index.has(file.fileName)) connect(file.fileName);
  return cycles;
}
