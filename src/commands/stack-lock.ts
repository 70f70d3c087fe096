// What apply and destroy do to a stack, under the one lock of that stack (its files, suffix and
// service on this machine: provision/stack-lock.ts), so an apply and a destroy of one copy never
// interleave. A dry run writes nothing and takes no lock; no address or no file fails on its own.
import type { Uses } from '../context.js';
import { withStackLock } from '../provision/stack-lock.js';

export function lockedStack<T>(
  ctx: Uses<'config' | 'settings'>,
  options: { file: string[]; suffix?: string; dryRun: boolean },
  work: () => Promise<T>,
): Promise<T> {
  const { baseUrl } = ctx.settings();
  if (options.dryRun || !baseUrl || options.file.length === 0) return work();
  // Planned and carried out under the lock: a run that waited plans against the first's records.
  const place = {
    configDir: ctx.configDir,
    baseUrl,
    files: options.file,
    suffix: options.suffix,
    say: (line: string) => ctx.io.logger.warn(line),
  };
  return withStackLock(place, work);
}
