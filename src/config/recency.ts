// Entries of state.json, most recently used first (by the ISO time each keeps). Shared by the
// state store and by completion, which must load nothing heavier.
export const mostRecentFirst = (
  [, a]: [string, { lastUsed?: unknown }],
  [, b]: [string, { lastUsed?: unknown }],
): number => stamp(b).localeCompare(stamp(a));

const stamp = (entry: { lastUsed?: unknown }) => (typeof entry.lastUsed === 'string' ? entry.lastUsed : '');
