// `node scripts/lib/typecheck-files.mjs <tsconfig.json> <file>…`: type-checks the files named, in
// the program their tsconfig makes of them and what they import, and prints what TypeScript finds
// in them (exit code 1 when anything). `tsc --noEmit` checks every file of the program, every
// module the files import included: for the code generator's round trip (a few generated files
// that import the contract, the server's platform and the web app's shared code) that was the whole
// server and the whole web app, twice, a minute of both cores. Here TypeScript checks the named
// files' bodies and reads of the rest only the types those files use; the rest has its own full
// check (`npm run typecheck`).
import { resolve } from 'node:path';
import ts from 'typescript';

const [configPath, ...files] = process.argv.slice(2);
if (!configPath || files.length === 0) {
  process.stderr.write('usage: typecheck-files.mjs <tsconfig.json> <file>…\n');
  process.exit(2);
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic(diagnostic) {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const config = ts.getParsedCommandLineOfConfigFile(resolve(configPath), {}, host);
if (!config) throw new Error(`${configPath} could not be read`);
const rootNames = files.map((file) => resolve(file));
const program = ts.createProgram({
  rootNames,
  options: config.options,
  projectReferences: config.projectReferences,
});

const diagnostics = [
  ...config.errors,
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...rootNames.flatMap((name) => {
    const source = program.getSourceFile(name);
    if (!source) throw new Error(`${name} is not in the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  }),
];
if (diagnostics.length) {
  process.stdout.write(
    ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}
process.stdout.write(`${rootNames.length} file(s): no type error\n`);
