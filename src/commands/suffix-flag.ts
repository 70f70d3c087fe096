// --suffix TEXT (AGENTS_SUFFIX): an isolated copy of a stack, as a pull request's preview needs.
// apply, diff, destroy, export and eval take it; what it does to a stack is provision/suffix.ts.
import type { ValueFlag } from '../definition/define.js';
import { z } from '../util/zod.js';
import type { Reader } from '../util/readers.js';

/** Letters, digits and `-_.:` only, up to 40: it ends names a person reads, a list filters and a CI passes along. */
const SUFFIX = /^[A-Za-z0-9._:-]{1,40}$/;

const suffixText: Reader<string> = (source) =>
  z
    .string()
    .check(z.regex(SUFFIX, `${source} must be 1 to 40 letters, digits or - _ . : (e.g. -pr-123), with no space`));

export const SUFFIX_FLAG = {
  suffix: {
    type: 'value',
    help: 'work on an isolated copy of the stack: every name it declares gets this suffix, e.g. -pr-123',
    placeholder: 'text',
    read: suffixText,
    complete: { kind: 'free' },
    env: 'AGENTS_SUFFIX',
  } as ValueFlag<string, false>,
};
