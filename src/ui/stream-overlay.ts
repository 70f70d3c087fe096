// A stream seen through a few replaced properties: everything else (isTTY, columns, events) is the
// stream's own, its methods bound to it, so prompts, spinners and readline work on it unchanged.
// A `write` assigned from outside (ora hooks it that way, then puts back what it found) stays on
// this side: it must never reach the stream, whose own write the overlay may be calling.

export function overlayStream<T extends object>(stream: T, own: Record<PropertyKey, unknown>): T {
  let assignedWrite: unknown;
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write' && assignedWrite !== undefined) return assignedWrite;
      if (Object.hasOwn(own, property)) return own[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, property, value) {
      if (property === 'write') assignedWrite = value === own.write ? undefined : value;
      else Reflect.set(target, property, value, target);
      return true;
    },
  });
}
