// `npm run check`: the type check and ESLint in one process, sharing TypeScript's work.
//
// `npm run typecheck` builds a TypeScript program per project (contract, server, web, e2e) and
// checks it; `npm run lint` builds the same four again for its type-aware rules (typescript-eslint's
// project service) and checks much of them again, lazily. Here each program is built and checked
// once, then handed to ESLint (`parserOptions.programs`), whose rules find every type already
// known. Same findings as the two commands (both still work alone).
//
// `node scripts/check-code.mjs apps/web` checks only the projects named; `--others` adds the files
// outside the four (scripts, root configuration). No argument: everything. `npm test` runs two at
// once, the web app in one and the rest in the other (two cores).
// Exit code 0 only when TypeScript reports nothing and ESLint nothing, not even a warning.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { ROOT } from './lib/process.mjs';
import { importCycles } from './lib/import-cycles.mjs';

/** The projects, each with its tsconfig.json; a TypeScript file belongs to the one whose folder holds it. */
const PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'e2e'];

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic(diagnostic) {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};

function programOf(project) {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, project, 'tsconfig.json'), {}, host);
  if (!config) throw new Error(`${project}/tsconfig.json could not be read`);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: config.errors,
  });
}

const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

/** ESLint over `patterns`; TypeScript files take their types from `program` when one is given. */
async function lint(patterns, { program, ignorePatterns = [] } = {}) {
  const eslint = new ESLint({
    cwd: ROOT,
    ignorePatterns,
    ...(program
      ? {
          overrideConfig: {
            files: ['**/*.{ts,tsx}'],
            languageOptions: { parserOptions: { projectService: false, programs: [program] } },
            // Found from the program instead, in a fraction of the time (scripts/lib/import-cycles.mjs).
            rules: { 'import-x/no-cycle': 'off' },
          },
        }
      : {}),
  });
  const results = await eslint.lintFiles(patterns);
  const report = await (await eslint.loadFormatter('stylish')).format(results);
  if (report) process.stdout.write(report.endsWith('\n') ? report : `${report}\n`);
  return results;
}

/*
 * One project at a time, so only one program is held: the four together (the web one holds
 * antd's and React's types) filled Node's heap and the collector took longer than the checks.
 */
const args = process.argv.slice(2);
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = args.filter((arg) => (arg.startsWith('--') ? arg !== '--others' : !PROJECTS.includes(arg)));
if (unknown.length)
  throw new Error(`not a project or option: ${unknown.join(', ')} (${PROJECTS.join(', ')} or --others)`);
const checkOthers = args.length === 0 || args.includes('--others');
let typeErrors = 0;
let importCycleCount = 0;
const results = [];
for (const project of args.length === 0 ? PROJECTS : named) {
  const started = Date.now();
  const program = programOf(project);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length)
    process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  typeErrors += diagnostics.length;
  const typed = Date.now();
  const found = await lint([project], { program });
  results.push(...found);
  // This project's own cycles (the web program holds the contract's files too: those are its own).
  const cycles = importCycles(program, ROOT).filter((cycle) =>
    cycle.every((file) => file.startsWith(`${project}/`)),
  );
  for (const cycle of cycles)
    process.stdout.write(`import cycle (import-x/no-cycle): ${cycle.join(' → ')}\n`);
  importCycleCount += cycles.length;
  process.stdout.write(
    `${project}: ${diagnostics.length} type error(s) (${Math.round((typed - started) / 1000)} s), ` +
      `${found.length} files linted (${Math.round((Date.now() - typed) / 1000)} s)\n`,
  );
}
// Everything else (scripts, configuration at the root): JavaScript, no types needed.
if (checkOthers)
  results.push(...(await lint(['.'], { ignorePatterns: PROJECTS.map((project) => `${project}/**`) })));
const errors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0) + importCycleCount;
const warnings = results.reduce((n, r) => n + r.warningCount, 0);
process.stdout.write(
  `types: ${typeErrors} error(s); lint: ${results.length} files, ${errors} error(s), ${warnings} warning(s)\n`,
);
process.exit(typeErrors || errors || warnings ? 1 : 0);
