// Problems of a file, as messages write them ("evals.yaml:12: case …" or "…:12:5: not valid YAML"),
// read back as a place and a message for the annotations of GitHub Actions (ci/annotations.ts).
import type { Located } from '../errors.js';

/** Each problem that starts with one of `sources` and a line, as a place and what is wrong there. */
export function locatedIn(problems: readonly string[], sources: readonly string[]): Located[] {
  return problems.flatMap((problem) => {
    const source = sources.find((name) => problem.startsWith(`${name}:`));
    if (source === undefined) return [];
    const match = /^(\d+)(?::\d+)?: (.*)$/s.exec(problem.slice(source.length + 1));
    return match ? [{ where: `${source}:${match[1]}`, message: match[2]! }] : [];
  });
}
