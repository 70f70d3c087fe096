// A point in time as --since, --until and --before take it: a date or date-time (2026-11-27,
// 2026-11-27T10:00), or a time ago (30m, 12h, 7d, 2w).
import { CliError } from '../errors.js';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export function readWhen(text: string, flag: string, now = Date.now()): number {
  const ago = /^(\d{1,6})([mhdw])$/.exec(text.trim());
  if (ago) return now - Number(ago[1]) * UNIT_MS[ago[2]!]!;
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim()) ? Date.parse(text.trim()) : NaN;
  if (Number.isNaN(at))
    throw new CliError('usage', `${flag} ${JSON.stringify(text)} is not a time`, {
      hint: 'Give a date (2026-11-27), a date and time (2026-11-27T10:00) or a time ago (30m, 12h, 7d, 2w).',
    });
  return at;
}
