// The flags that judge a run against an earlier report: eval's and merge's alike.
import { choice, fraction, inputPath } from '../../definition/flags.js';

export const BASELINE_FLAGS = {
  baseline: inputPath('exit 1 only for regressions against this earlier report, not for failures it had too', {
    placeholder: 'report',
  }),
  baselineMissing: choice(
    'when the --baseline file does not exist: fail (exit 2), or ok (a first run starts the baseline: nothing regresses)',
    ['fail', 'ok'],
    { default: 'fail' },
  ),
  tolerance: fraction('with --baseline: how far, 0 to 1, a pass rate may drop', {
    min: 0,
    max: 1,
    default: '0',
    placeholder: 'rate',
  }),
};
