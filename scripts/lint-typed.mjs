// The type check and ESLint in one process, on one TypeScript program: typescript-eslint's
// type-checked rules ask the checker for the types tsc has just worked out, instead of building a
// program of their own and checking it all again (on this 2-core machine, 22 s of CPU; `tsc` and
// `eslint` run apart took 30 s on a clean clone, 25 s with tsc's incremental cache). What each reports, and
// how, is what `tsc --noEmit` and `eslint --max-warnings 0` would: the type errors first, then
// ESLint's problems in its default format. eslint.config.js is left as editors read it.
import { ESLint } from 'eslint';
import ts from 'typescript';
import { ESLINT_TARGETS } from './lint-targets.mjs';

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic]),
});
if (!config) process.exit(2);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const typeErrors = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
report(typeErrors);

// The TypeScript files use this program; the others (scripts, bin: no types) are as configured.
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.mts', '**/*.cts'],
      languageOptions: { parserOptions: { programs: [program], projectService: false } },
    },
  ],
});
const results = await eslint.lintFiles(ESLINT_TARGETS);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
if (problems > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));
process.exitCode = typeErrors.length > 0 || problems > 0 ? 1 : 0;

function report(diagnostics) {
  if (diagnostics.length === 0) return;
  const host = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => '\n',
  };
  process.stdout.write(ts.formatDiagnostics(diagnostics, host));
}
