// The one rule for every JSON or YAML document the CLI reads (stack and eval files, create's --file,
// a JSON flag value, an output schema): YAML's reading of it (a superset of JSON), where a key given
// twice is an error with its line and column, exit 2. Plain JSON takes a JSON parser's faster path
// when the two readings agree. Errors name the source and the position, in one line.
import { CliError } from '../errors.js';
import type { ParseError } from 'jsonc-parser';
import { loadYaml } from './load-yaml.js';
import { importJsoncParser } from './esm-vendor.js';

export interface ParsedDocument {
  value: unknown;
  /** The line of the node at `path` (keys and indexes), when the document has one there. */
  lineOf(path: Array<string | number>): number | undefined;
}

/** The document's value. */
export async function parseJsonOrYaml(text: string, source: string): Promise<unknown> {
  return (await parseDocument(text, source)).value;
}

/**
 * The document with the line of every node, for messages that point into the file. A file named
 * *.json is JSON: what only YAML would accept there (a trailing comma, a comment) is refused.
 */
export async function parseDocument(text: string, source: string): Promise<ParsedDocument> {
  const parsed = await parsedAsJson(text);
  if (parsed) return parsed;
  if (/\.json$/i.test(source)) await refuseNonJson(text, source);
  return parsedAsYaml(text, source);
}

/** Exit 2 naming the line and column of the first thing in `text` that is not JSON. */
async function refuseNonJson(text: string, source: string): Promise<void> {
  const { parseTree, printParseErrorCode } = await importJsoncParser();
  const errors: ParseError[] = [];
  try {
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  } catch {
    return; // nested past the stack: YAML's parser names the place
  }
  const first = errors[0];
  if (!first) return; // JSON, but a key given twice: YAML's reading says where
  const before = text.slice(0, first.offset).split('\n');
  const line = before.length;
  const col = before.at(-1)!.length + 1;
  const code = printParseErrorCode(first.error);
  const message = `not valid JSON: ${JSON_PROBLEMS[code] ?? code}`;
  throw new CliError('usage', `${source}:${line}:${col}: ${message}`, {
    locations: [{ where: `${source}:${line}`, message }],
  });
}

/** jsonc-parser's codes, in words; a .json file is held to JSON, so a comma or comment YAML would take is named. */
const JSON_PROBLEMS: Record<string, string> = {
  ValueExpected: 'a value is missing here (a trailing comma?)',
  PropertyNameExpected: 'a key is missing here (a trailing comma?)',
  CommaExpected: 'a comma is missing',
  ColonExpected: 'a colon is missing',
  CloseBraceExpected: 'a } is missing',
  CloseBracketExpected: 'a ] is missing',
  EndOfFileExpected: 'more after the end of the document',
  InvalidSymbol: 'a character JSON does not allow here',
  InvalidCommentToken: 'a comment, which JSON does not allow',
};

/**
 * JSON through a JSON parser: YAML's took 115 ms for an eval file of 1,000 cases (110 KB), this
 * one 15. What the two would read apart goes to YAML: a key given twice (an error there, the last
 * one wins in JSON.parse); so does anything that is not plain JSON, for YAML's own message. (A
 * quoted "<<" is no merge key in YAML either.)
 */
export async function parsedAsJson(text: string): Promise<ParsedDocument | undefined> {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  const { findNodeAtLocation, parseTree } = await importJsoncParser();
  let tree: ReturnType<typeof parseTree>;
  let value: unknown;
  try {
    const errors: unknown[] = [];
    tree = parseTree(text, errors as never[], { disallowComments: true, allowTrailingComma: false });
    if (!tree || errors.length > 0 || readApartByYaml(tree)) return undefined;
    value = JSON.parse(text);
  } catch {
    // Nesting deep enough to exhaust the stack (a hostile file) among them: YAML's parser reports it.
    return undefined;
  }
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  return {
    value,
    lineOf(path) {
      const node = findNodeAtLocation(tree, path);
      return node ? lineOfOffset(lineStarts, node.offset) : undefined;
    },
  };
}

interface JsonNode {
  type: string;
  value?: unknown;
  children?: JsonNode[];
}

/** Whether an object holds a key twice anywhere in the tree (walked without recursion: files nest deep). */
function readApartByYaml(root: JsonNode): boolean {
  const waiting = [root];
  for (let node = waiting.pop(); node; node = waiting.pop()) {
    if (node.type === 'object') {
      const keys = new Set<unknown>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0]?.value;
        if (keys.has(key)) return true;
        keys.add(key);
      }
    }
    for (const child of node.children ?? []) waiting.push(child); // not push(...): arrays may be long
  }
  return false;
}

/** The 1-based line of an offset, by binary search over where each line starts. */
function lineOfOffset(lineStarts: number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

async function parsedAsYaml(text: string, source: string): Promise<ParsedDocument> {
  const { LineCounter, parseDocument } = await loadYaml();
  const lines = new LineCounter();
  // merge: YAML 1.1 merge keys (`<<: *defaults`), which CI files use to share fields.
  // prettyErrors off: the pretty form appends "at line N, column M:" and a code excerpt, which
  // cut a one-line message short; the position comes from the line counter instead.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true });
  const problem = document.errors[0];
  if (problem) {
    const { line, col } = lines.linePos(problem.pos[0]);
    // The library's words for this one name its own API: say what to do with the file instead.
    const message =
      problem.code === 'MULTIPLE_DOCS'
        ? 'a second document starts here ("---"): a file holds one document; put the rest in another file'
        : problem.message.split('\n')[0];
    throw new CliError('usage', `${source}:${line}:${col}: not valid JSON or YAML: ${message}`, {
      locations: [{ where: `${source}:${line}`, message: `not valid JSON or YAML: ${message}` }],
    });
  }
  return {
    value: toJsOrUsage(document, source),
    lineOf(path) {
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? lines.linePos(node.range[0]).line : undefined;
    },
  };
}

/**
 * The document as plain values. A YAML alias bomb (billion laughs) is refused while it is built
 * ("Excessive alias count"): that is a bad file, exit 2 naming it, not an unexpected failure.
 */
function toJsOrUsage(document: { toJS(): unknown }, source: string): unknown {
  try {
    return document.toJS();
  } catch (error) {
    throw new CliError('usage', `${source} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
}
