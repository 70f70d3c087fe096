// The views of a run a person opens rather than reads in a log: a web page and a job summary.
// eval, merge and report write them from the one report.
import { outputPath } from '../../definition/flags.js';
import { SUMMARY_FLAG } from '../summary-flag.js';

export const VIEW_FLAGS = {
  html: outputPath('write the report as one web page to open in a browser (self-contained, no network)'),
  ...SUMMARY_FLAG,
};
