// Whether a value the user gives and the service's value of a field are the same: empty, null and
// missing are one "no value", objects compare by content whatever their key order, and metadata the
// service keeps as JSON text compares as the object it holds.
import { byCodeUnits } from '../util/code-unit-order.js';

export function sameValue(given: unknown, current: unknown): boolean {
  return canonical(given) === canonical(current);
}

/** Sorted keys, so two objects with the same content compare equal. */
function canonical(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (typeof value === 'string' && /^[[{]/.test(value.trim())) {
    try {
      return canonical(JSON.parse(value)); // metadata stored as JSON text
    } catch {
      return JSON.stringify(value);
    }
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => byCodeUnits(a, b));
    return entries.length === 0
      ? 'null'
      : `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
