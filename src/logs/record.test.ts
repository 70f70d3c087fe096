// recordSoon(): eval's runs written in batches, one transaction each, and none lost at close().
// Needs node:sqlite (Node 22.13+: the LTS pass of .ci/run).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunLog, type RunRecord } from './record.js';
import { loadSqlite } from './sqlite.js';

const sqlite = loadSqlite();
const run = (n: number): RunRecord => ({
  command: 'eval',
  agentId: 'agent-1',
  input: `case ${n}`,
  answer: 'ok',
  exitCode: 0,
  evalCase: `case ${n}`,
});

describe.skipIf(!sqlite)('the run log in batches', () => {
  it('writes full batches as they fill, the rest at close, each case once', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-record-')), 'logs.db');
    const warnings: string[] = [];
    const log = new RunLog({ path, profile: 'default', baseUrl: undefined }, (message) => warnings.push(message));
    const count = () => {
      const db = new sqlite!.DatabaseSync(path);
      try {
        return Number((db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n);
      } finally {
        db.close();
      }
    };
    for (let n = 0; n < 250; n++) log.recordSoon(run(n));
    expect(count()).toBe(200); // two batches of 100 written, 50 queued
    log.close();
    expect(count()).toBe(250);
    expect(warnings).toEqual([]);
  });

  it('writes a batch that is not full once it has waited, without close()', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-record-')), 'logs.db');
    const log = new RunLog({ path, profile: 'default', baseUrl: undefined }, () => undefined);
    log.recordSoon(run(1));
    const db = () => new sqlite!.DatabaseSync(path, { readOnly: true });
    // The timer is the event waited on; the test's own timeout only catches a hang.
    await expect
      .poll(() => {
        try {
          const open = db();
          try {
            return Number((open.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n);
          } finally {
            open.close();
          }
        } catch {
          return 0;
        }
      })
      .toBe(1);
    log.close();
  });
});
