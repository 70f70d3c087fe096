// --html FILE: the report as one HTML page (eval/html/render.ts, loaded only here), with no secret
// of this run in it: every text of the report is scrubbed before it is written into the page.
import { writeOutputFile } from '../io/write-file.js';
import { scrubSecrets } from '../secrets/known.js';
import { renderReportHtml } from './html/render.js';
import type { EvalReport } from './report.js';

export function writeHtmlReport(path: string, report: EvalReport, flag = '--html'): void {
  writeOutputFile(path, renderReportHtml(scrubbed(report)), flag);
}

function scrubbed<T>(value: T): T {
  if (typeof value === 'string') return scrubSecrets(value) as T;
  if (Array.isArray(value)) return value.map(scrubbed) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item)])) as T;
  return value;
}
