// Entries of state.json, most recently used first (by the ISO time each keeps). Shared by the
// state store and by completion, which must load nothing heavier. ISO times in UTC order as
// plain strings: localeCompare would load ICU's collation on every TAB (6 ms with 200 names).
export const mostRecentFirst = (
  [, a]: [string, { lastUsed?: unknown }],
  [, b]: [string, { lastUsed?: unknown }],
): number => {
  const [first, second] = [stamp(a), stamp(b)];
  return first === second ? 0 : first < second ? 1 : -1;
};

const stamp = (entry: { lastUsed?: unknown }) => (typeof entry.lastUsed === 'string' ? entry.lastUsed : '');
