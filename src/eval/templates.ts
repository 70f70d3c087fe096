// `{{name}}` in a case: its vars (a case's own `vars:`, or a dataset row's columns) put into every
// text of the case, its name, agent, input, turns and checks. A text that is only `{{name}}` takes
// the value as it is (a JSON Lines number stays a number: `max-latency-ms: "{{limit}}"`).
import type { RowValue } from './dataset.js';

const VAR = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}$/;

export type Vars = Readonly<Record<string, RowValue>>;

/** Whether a value holds a `{{…}}` anywhere. */
export function usesVars(value: unknown): boolean {
  if (typeof value === 'string') return new RegExp(VAR.source).test(value);
  if (Array.isArray(value)) return value.some(usesVars);
  if (value && typeof value === 'object') return Object.values(value).some(usesVars);
  return false;
}

/** The value with its vars put in; `missing` is told each name no var gives (once per text). */
export function withVars(value: unknown, vars: Vars, missing: (name: string) => void): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) {
      const found = vars[whole[1]!];
      if (found === undefined) missing(whole[1]!);
      return found ?? value;
    }
    return value.replace(VAR, (text, name: string) => {
      const found = vars[name];
      if (found === undefined) {
        missing(name);
        return text;
      }
      return String(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => withVars(item, vars, missing));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withVars(item, vars, missing)]));
  return value;
}
