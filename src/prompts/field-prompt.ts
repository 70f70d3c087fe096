// The question for one field of a descriptor, shaped by its type. Answers are checked by the
// field's own schema, so an invalid one is asked again with the reason.
import type { FieldSpec } from '../resources/descriptor.js';
import { fieldSchema } from '../resources/field-schema.js';
import type { Prompter, Validate } from '../questions.js';
import { MIN_SECRET_LENGTH, rememberSecret } from '../secrets/known.js';

export interface AskOptions {
  required: boolean;
  /** The value now, offered as the default (update). */
  current?: unknown;
  /** A check beyond the field's schema (a model the CLI knows): the problem, or undefined. */
  problemOf?: (value: string) => string | undefined;
}

function validator(field: FieldSpec, required: boolean, problemOf?: (value: string) => string | undefined): Validate {
  return (value) => {
    if (!value.trim()) return required ? 'required' : true;
    if (field.type === 'json-object') return isJsonObject(value) || 'must be a JSON object';
    const parsed = fieldSchema(field).safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'invalid';
    return problemOf?.(value.trim()) ?? true;
  };
}

/**
 * A listed value, or text typed in its place (a model the list does not have). Typed text that
 * breaks the field's rule is asked again with the reason in the question; one the CLI does not
 * know (`problemOf`) is kept only when the person says so, and otherwise the list comes back. The
 * check is never the list's own: a list that refuses its Enter leaves no way out but Ctrl-C.
 */
async function chooseListedOrTyped(
  prompter: Prompter,
  field: FieldSpec,
  label: string,
  { required, current, problemOf }: AskOptions,
): Promise<string> {
  const choices = field.suggestions!.map((value) => ({ value, name: value }));
  const rule = validator(field, required);
  let reason: string | undefined;
  for (;;) {
    const answer = await prompter.choose(reason ? `${label} (${reason})` : label, choices, {
      allowOther: true,
      default: typeof current === 'string' ? current : undefined,
    });
    const verdict = rule(answer);
    if (verdict !== true) {
      reason = verdict;
      continue;
    }
    const problem = answer.trim() && problemOf?.(answer.trim());
    if (!problem) return answer;
    const sentence = /[.?!]$/.test(problem) ? problem : `${problem}.`;
    if (await prompter.confirm(`${sentence} Use ${JSON.stringify(answer.trim())} anyway?`, { default: false }))
      return answer;
    reason = 'pick a listed one, or type another';
  }
}

/** The answer, or undefined for an optional field left empty. */
export async function askField(
  prompter: Prompter,
  field: FieldSpec,
  { required, current, problemOf }: AskOptions,
): Promise<unknown> {
  const p = prompter;
  const label = field.label + (required ? '' : ' (optional)');
  const initial = typeof current === 'string' ? current : undefined;
  const validate = validator(field, required, problemOf);
  if (field.secret) {
    const short = `at least ${MIN_SECRET_LENGTH} characters`;
    const secretRule: Validate = (value) => {
      const trimmed = value.trim();
      return trimmed !== '' && trimmed.length < MIN_SECRET_LENGTH ? short : validate(value);
    };
    const value = (await p.secret(field.label, { validate: secretRule })).trim();
    rememberSecret(value); // scrubbed from any debug line or error
    return value;
  }
  let answer: string;
  switch (field.type) {
    case 'boolean':
      return p.confirm(field.label.endsWith('?') ? field.label : `${field.label}?`, {
        default: typeof current === 'boolean' ? current : true,
      });
    case 'enum': {
      const none = required ? [] : [{ value: '', name: '(none)' }];
      answer = await p.choose(label, [...none, ...field.choices!.map((value) => ({ value, name: value }))], {
        default: initial,
      });
      break;
    }
    case 'json-object':
      answer = await p.text(`${label} (JSON object)`, {
        default: current === undefined ? undefined : JSON.stringify(current),
        validate,
      });
      return answer.trim() ? JSON.parse(answer) : undefined;
    case 'text':
      if (field.suggestions) answer = await chooseListedOrTyped(p, field, label, { required, current, problemOf });
      else if (field.multiline) answer = await p.multiline(label, { default: initial, validate });
      else answer = await p.text(label, { default: initial, validate });
  }
  return answer.trim() === '' ? undefined : answer.trim();
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
