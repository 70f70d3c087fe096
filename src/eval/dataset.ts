// An eval dataset: the rows of a CSV file (its header names the columns) or of a JSON Lines file
// (one object per line), each with the line it starts on. A row that cannot be read is exit 2
// naming file:line, and the column where the parser can tell.
import { basename, extname } from 'node:path';
import { CliError } from '../errors.js';
import { importCsvParse } from '../util/esm-vendor.js';

/** A value of a row: CSV gives text; JSON Lines may give numbers and booleans too. */
export type RowValue = string | number | boolean;

interface DatasetRow {
  values: Record<string, RowValue>;
  /** The line the row starts on (1-based). */
  line: number;
}

export interface Dataset {
  columns: string[];
  rows: DatasetRow[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** `source` names the file in messages (its path as the eval file gives it). */
export async function parseDataset(text: string, source: string): Promise<Dataset> {
  const kind = extname(source).toLowerCase();
  if (kind === '.csv') return parseCsv(text, source);
  if (kind === '.jsonl' || kind === '.ndjson') return parseJsonLines(text, source);
  throw new CliError('usage', `${source}: a dataset is a .csv or a .jsonl (JSON Lines) file, not ${basename(source)}`);
}

type CsvRecord = { record: string[]; info: { lines: number; empty_lines: number } };
type CsvFailure = Error & { code?: string; lines?: number; column?: string | number | null };

async function parseCsv(text: string, source: string): Promise<Dataset> {
  const { parse } = (await importCsvParse()) as { parse: (input: string, options: object) => CsvRecord[] };
  let records: CsvRecord[];
  try {
    records = parse(text, { info: true, skip_empty_lines: true, bom: true, relax_column_count: false });
  } catch (error) {
    const failure = error as CsvFailure;
    if (!failure.code?.startsWith('CSV_')) throw error;
    // A quote's problem is at a field; a row of the wrong length is the whole row's.
    const atField = failure.code.includes('QUOTE') && typeof failure.column === 'number';
    const column = atField ? `, column ${(failure.column as number) + 1}` : '';
    throw new CliError('usage', `${source}:${failure.lines ?? 1}${column}: ${csvReason(failure.message)}`);
  }
  const [header, ...body] = records;
  if (!header) throw new CliError('usage', `${source}: empty: a CSV dataset starts with a header of column names`);
  const columns = checkedColumns(header.record, source, 1);
  let previousEnd = header.info.lines;
  let previousEmpty = header.info.empty_lines;
  const rows = body.map(({ record, info }) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return { line, values: Object.fromEntries(columns.map((column, i) => [column, record[i]!])) };
  });
  return { columns, rows };
}

/** csv-parse's reason, without its "at line N" (the line leads the message). */
function csvReason(message: string): string {
  const length = /Invalid Record Length: expect (\d+), got (\d+)/.exec(message);
  if (length) return `the row has ${length[2]} fields; the header has ${length[1]}`;
  return message
    .replace(/ (at|on) line \d+/, '')
    .replace(/, record delimiter, trimable character.*$/, ' or the end of the line');
}

function checkedColumns(names: readonly unknown[], source: string, line: number): string[] {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    const where = `${source}:${line}, column ${index + 1}`;
    if (typeof name !== 'string' || !NAME.test(name))
      throw new CliError('usage', `${where}: ${JSON.stringify(name)} is not a column name (letters, digits, _ . -)`);
    if (seen.has(name)) throw new CliError('usage', `${where}: column "${name}" is named twice`);
    seen.add(name);
  });
  return [...seen];
}

function parseJsonLines(text: string, source: string): Dataset {
  const rows: DatasetRow[] = [];
  const columns = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      const column = position === undefined ? '' : `, column ${Number(position) + 1}`;
      throw new CliError('usage', `${source}:${line}${column}: not JSON: ${(error as Error).message}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new CliError('usage', `${source}:${line}: a row is one JSON object ({"column": value, …})`);
    for (const [key, field] of Object.entries(value)) {
      if (!NAME.test(key))
        throw new CliError('usage', `${source}:${line}: ${JSON.stringify(key)} is not a column name`);
      if (!['string', 'number', 'boolean'].includes(typeof field))
        throw new CliError('usage', `${source}:${line}: "${key}" must be text, a number or true/false`);
      columns.add(key);
    }
    rows.push({ line, values: value as Record<string, RowValue> });
  });
  return { columns: [...columns], rows };
}
