// --summary FILE: the Markdown job summary eval, its merge and compare, diff and apply append to.
// On GitHub Actions GITHUB_STEP_SUMMARY names the step's summary file, so it is on by itself there.
import { outputPath } from '../definition/flags.js';
import { appendOutputFile } from '../io/write-file.js';

export const SUMMARY_FLAG = {
  summary: outputPath('append a Markdown summary to this file: the job summary on GitHub Actions', {
    env: 'GITHUB_STEP_SUMMARY',
  }),
};

/** The summary appended, when there is a file to append it to; built only then. */
export function appendSummary(
  path: string | undefined,
  markdown: () => string,
  env: Readonly<Record<string, string | undefined>>,
): void {
  if (path === undefined) return;
  // A failure names where the path came from: the runner's variable is not a flag the user gave.
  const what = env.GITHUB_STEP_SUMMARY === path ? 'the job summary (GITHUB_STEP_SUMMARY)' : '--summary';
  appendOutputFile(path, `${markdown()}\n\n`, what);
}
