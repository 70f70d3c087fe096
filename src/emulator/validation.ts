// Request-body checks with pydantic v1's error shapes (what the real service returns as 422).
import type { RouteContext } from './context.js';
import { sendValidation, type FieldError } from './http.js';

type FieldType = 'str' | 'bool' | 'int' | 'object';

export interface FieldRule {
  type: FieldType;
  required?: boolean;
  /** The members of a Python Enum field: anything else is pydantic's type_error.enum. */
  oneOf?: readonly string[];
}

const typeError: Record<FieldType, Omit<FieldError, 'loc'>> = {
  str: { msg: 'str type expected', type: 'type_error.str' },
  bool: { msg: 'value could not be parsed to a boolean', type: 'type_error.bool' },
  int: { msg: 'value is not a valid integer', type: 'type_error.integer' },
  object: { msg: 'value is not a valid dict', type: 'type_error.dict' },
};

function matches(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'str':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'int':
      return Number.isInteger(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/** Parses a JSON body; undefined plus errors when it is not a JSON object. */
export function parseBody(raw: string): { body?: Record<string, unknown>; errors: FieldError[] } {
  let value: unknown;
  try {
    value = JSON.parse(raw === '' ? 'null' : raw);
  } catch (error) {
    return {
      errors: [
        { loc: ['body', 0], msg: `Expecting value: ${(error as Error).message}`, type: 'value_error.jsondecode' },
      ],
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { errors: [{ loc: ['body'], msg: 'field required', type: 'value_error.missing' }] };
  }
  return { body: value as Record<string, unknown>, errors: [] };
}

export function checkFields(body: Record<string, unknown>, rules: Record<string, FieldRule>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const value = body[name];
    if (value === undefined || value === null) {
      if (rule.required) errors.push({ loc: ['body', name], msg: 'field required', type: 'value_error.missing' });
      continue;
    }
    if (!matches(value, rule.type)) errors.push({ loc: ['body', name], ...typeError[rule.type] });
    else if (rule.oneOf && !rule.oneOf.includes(value as string)) {
      errors.push({
        loc: ['body', name],
        msg: `value is not a valid enumeration member; permitted: ${rule.oneOf.map((m) => `'${m}'`).join(', ')}`,
        type: 'type_error.enum',
      });
    }
  }
  return errors;
}

/** The body checked as pydantic would: on a problem the 422 is sent and the result is undefined. */
export function readValidBody(
  ctx: RouteContext,
  rules: Record<string, FieldRule>,
): Record<string, unknown> | undefined {
  const { body, errors } = parseBody(ctx.rawBody);
  const all = body ? [...errors, ...checkFields(body, rules)] : errors;
  if (all.length > 0) return void sendValidation(ctx.res, all);
  return body;
}
