// Entries of state.json, most recently used first (by the ISO time each keeps). Shared by the
// state store and by completion, which must load nothing heavier. ISO times in UTC order as
// plain strings.
import { byCodeUnits } from '../util/code-unit-order.js';

export const mostRecentFirst = (
  [, a]: [string, { lastUsed?: unknown }],
  [, b]: [string, { lastUsed?: unknown }],
): number => byCodeUnits(stamp(b), stamp(a));

const stamp = (entry: { lastUsed?: unknown }) => (typeof entry.lastUsed === 'string' ? entry.lastUsed : '');
