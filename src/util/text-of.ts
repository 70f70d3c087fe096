// Text for a value that came from outside (a service, a file, a flag): strings as they are,
// numbers and booleans spelled out, anything else as JSON, never "[object Object]".
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '';
}

/** "tool" → "Tool", for a noun that starts a sentence. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
