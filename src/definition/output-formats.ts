// The formats a command's document is printed in, each with its global flag: --json, --jq. The line
// chooses one; the Exporter writes every document and NDJSON event through it, and the failure of
// the run too where the format has one. A new format is one entry here: its flag (global-flags.ts
// spreads these), the choice, the refusal for a command with no document, and what it writes.
import type { Flag } from './define.js';
import { on } from './flags.js';
import { anyText } from '../util/readers.js';
import { writeJson, type DocumentWriter, type FormattedLine } from '../ui/exporter.js';

export interface DocumentFormat {
  flag: Flag;
  /** The writer for the flag's value: it may load what it needs, and refuse the value (exit 2). */
  load: (value: unknown) => Promise<DocumentWriter>;
  /** The run's failure as a document, when nothing else was printed (docs/json/error.schema.json). */
  failure?: (failure: object) => FormattedLine[];
  /** Taken and ignored by a command with no document (`--json` is passed everywhere by scripts). */
  ignoredWithoutDocument?: boolean;
}

/** In the order help lists their flags; a later one refines those before it (`--jq` implies `--json`). */
export const DOCUMENT_FORMATS = {
  json: {
    flag: on('print one JSON document on stdout'),
    load: () => Promise.resolve(writeJson),
    failure: (failure) => [{ json: JSON.stringify({ error: failure }, null, 2) }],
    ignoredWithoutDocument: true,
  },
  jq: {
    flag: {
      type: 'value',
      help: "filter the --json document with a jq expression (implies --json; a string prints as text), e.g. --jq '.[].name'",
      placeholder: 'expression',
      read: anyText,
      complete: { kind: 'free' },
    },
    // jq's language and its WebAssembly load only when --jq is given (13 ms).
    load: async (expression) => (await import('../ui/jq-filter.js')).jqWriter(expression as string),
    // No failure document: the filter was written for the result, and stderr says what failed.
  },
} satisfies Record<string, DocumentFormat>;

type FormatFlags = { [K in keyof typeof DOCUMENT_FORMATS]: (typeof DOCUMENT_FORMATS)[K]['flag'] };

export const FORMAT_FLAGS = Object.fromEntries(
  Object.entries(DOCUMENT_FORMATS).map(([name, format]) => [name, format.flag]),
) as FormatFlags;

/** The format the line asks for, by its global flags (read or raw), or undefined: -q or text for a person. */
export function chosenFormat(
  globals: Record<string, unknown>,
): { name: string; format: DocumentFormat; value: unknown } | undefined {
  const given = (Object.entries(DOCUMENT_FORMATS) as Array<[string, DocumentFormat]>).filter(
    ([name]) => globals[name] !== undefined && globals[name] !== false,
  );
  const last = given.at(-1);
  return last && { name: last[0], format: last[1], value: globals[last[0]] };
}
