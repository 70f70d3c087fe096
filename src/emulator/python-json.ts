// Python's json.dumps with its defaults (", " and ": " separators, ensure_ascii), which the real
// service uses to turn metadata into the text its create answer and text columns carry.
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${asciiString(key)}: ${pythonJsonDumps(item)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string') return asciiString(value);
  return JSON.stringify(value ?? null);
}

function asciiString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
