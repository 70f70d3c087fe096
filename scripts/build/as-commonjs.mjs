// esbuild splits only ES modules; the vendor files are split, then each turned into CommonJS.
import { transform } from 'esbuild';

/**
 * The split ES module build of dist/vendor/, each file turned into CommonJS. Each file's map goes
 * in inline, so the new map still points into the sources; import() becomes require() in a
 * promise, and bundled packages' require() is Node's own.
 */
export async function asCommonJs(outputFiles) {
  const maps = new Map(outputFiles.filter((f) => f.path.endsWith('.map')).map((f) => [f.path, f.text]));
  const converted = [];
  for (const file of outputFiles.filter((f) => f.path.endsWith('.js'))) {
    const map = maps.get(`${file.path}.map`);
    const code = file.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
    const inlineMap = `//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}\n`;
    const out = await transform(code + inlineMap, {
      format: 'cjs',
      platform: 'node',
      target: 'node20.18',
      supported: { 'dynamic-import': false },
      // As strict as the ES modules it was: no silent failures where they threw.
      banner: "'use strict';",
      sourcemap: 'external',
      sourcesContent: false,
      sourcefile: file.path,
      logLevel: 'warning',
    });
    if (out.warnings.length > 0) throw new Error(`${file.path}: ${out.warnings.map((w) => w.text).join('; ')}`);
    const name = file.path.split('/').at(-1);
    converted.push(
      { path: file.path, contents: `${out.code}//# sourceMappingURL=${name}.map\n` },
      { path: `${file.path}.map`, contents: out.map },
    );
  }
  return converted;
}
