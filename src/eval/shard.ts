// --shard I/N: a deterministic part of the cases. A case's shard comes from a hash of its name
// alone, so it stays in the same shard whatever cases are added or removed around it; the N parts
// are disjoint and together hold every case.
import { createHash } from 'node:crypto';
import { CliError } from '../errors.js';
import type { Shard } from './report.js';

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > 1000 || index < 1 || index > count) {
    throw new CliError('usage', `--shard ${JSON.stringify(text)} is not I/N with 1 ≤ I ≤ N ≤ 1000`, {
      hint: 'For three runners: --shard 1/3, --shard 2/3 and --shard 3/3.',
    });
  }
  return { index, count };
}

/** The shard (1 to count) a case of this name belongs to. */
export function shardOf(name: string, count: number): number {
  const digest = createHash('sha256').update(name).digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

export function inShard<T extends { name: string }>(cases: T[], shard: Shard | undefined): T[] {
  return shard ? cases.filter((evalCase) => shardOf(evalCase.name, shard.count) === shard.index) : cases;
}
