// A case with `vars:` has them put into its `{{name}}` texts; a case with `dataset:` is a template,
// made into one case per row of that file (CSV or JSON Lines, relative to the eval file), the row's
// columns its vars. Each made case is named by its `name` template, else by its row number, and
// knows the file:line of its row. A case with neither is left as written (its braces are text).
import { basename, dirname, join } from 'node:path';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';
import { readFileOrStdin } from '../io/read-input.js';
import { parseDataset, type RowValue } from './dataset.js';
import { varsSchema } from './file-schema.js';
import { usesVars, withVars, type Vars } from './templates.js';

export interface MadeCase {
  entry: unknown;
  label: string;
  /** file:line of the row it was made from; undefined for a case of the eval file itself. */
  where?: string;
}

interface Place {
  /** The eval file's path as given ('-' for stdin: a dataset is then relative to the working folder). */
  evalFile: string;
  label: string;
  stdin: InputStream;
  /** A problem at the case's own line (exit 2 with the others). */
  fail: (message: string) => void;
}

export async function expandCase(entry: unknown, place: Place): Promise<MadeCase[]> {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [{ entry, label: place.label }];
  const { vars: givenVars, dataset, ...template } = entry as Record<string, unknown>;
  if (givenVars === undefined && dataset === undefined) return [{ entry, label: place.label }];
  const parsedVars = varsSchema.safeParse(givenVars ?? {});
  if (!parsedVars.success) {
    place.fail(`${place.label}: vars: ${parsedVars.error.issues[0]!.message}`);
    return [];
  }
  const vars: Vars = parsedVars.data;
  if (dataset === undefined) return [made(template, vars, place.label, undefined, place)].flatMap((one) => one ?? []);
  if (typeof dataset !== 'string' || dataset.trim() === '') {
    place.fail(`${place.label}: dataset: must be the path of a .csv or .jsonl file, relative to the eval file`);
    return [];
  }

  const file = place.evalFile === '-' ? dataset : join(dirname(place.evalFile), dataset);
  let rows;
  try {
    ({ rows } = await loadDataset(file, place.stdin, vars, template));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    place.fail(`${place.label}: ${error.message}`);
    return [];
  }
  const namedByTemplate = typeof template.name === 'string' && usesVars(template.name);
  const cases: MadeCase[] = [];
  rows.forEach((row, index) => {
    const name = namedByTemplate
      ? template.name
      : `${typeof template.name === 'string' ? template.name : basename(file)} row ${index + 1}`;
    const one = made({ ...template, name }, { ...vars, ...row.values }, undefined, `${file}:${row.line}`, place);
    if (one) cases.push(one);
  });
  return cases;
}

/** The rows, once the template's vars are known to be columns (or vars of its own). */
async function loadDataset(
  file: string,
  stdin: InputStream,
  vars: Vars,
  template: Record<string, unknown>,
): Promise<{ rows: Array<{ values: Record<string, RowValue>; line: number }> }> {
  const dataset = await parseDataset(await readFileOrStdin(file, stdin, 'dataset'), file);
  const known = new Set([...dataset.columns, ...Object.keys(vars)]);
  const unknown = new Set<string>();
  withVars(template, Object.fromEntries([...known].map((name) => [name, ''])), (name) => unknown.add(name));
  if (unknown.size > 0)
    throw new CliError(
      'usage',
      `${[...unknown].map((name) => `{{${name}}}`).join(', ')} ${unknown.size === 1 ? 'is' : 'are'} neither a column of ${file} (${dataset.columns.join(', ') || 'none'}) nor a var`,
    );
  if (dataset.rows.length === 0) throw new CliError('usage', `${file} has no rows`);
  return dataset;
}

/** One case with its vars put in; a var it names that none gives is a problem at the case (or row). */
function made(
  template: Record<string, unknown>,
  vars: Vars,
  label: string | undefined,
  where: string | undefined,
  place: Place,
): MadeCase | undefined {
  const missing = new Set<string>();
  const entry = withVars(template, vars, (name) => missing.add(name)) as Record<string, unknown>;
  const named = typeof entry.name === 'string' ? `case "${entry.name}"` : place.label;
  const shown = label ?? (where ? `${named} (${where})` : named);
  if (missing.size > 0) {
    place.fail(
      `${shown}: ${[...missing].map((name) => `{{${name}}}`).join(', ')}: no such var (vars: ${Object.keys(vars).join(', ') || 'none'})`,
    );
    return undefined;
  }
  return { entry, label: shown, where };
}
