// Every resource kind of the registry, agents included, gives the same output shapes: create -q
// prints the id, list --json an array of records, get and update --json one record, update -q
// nothing, delete --json {id, deleted}. Walked from the registry: a new kind is checked here
// without a line written for it. The program in-process against the emulator.
import { describe, expect, it } from 'vitest';
import type { FieldSpec, ResourceDescriptor } from '../../src/resources/descriptor.js';
import { KINDS } from '../../src/resources/registry.js';
import { runCli } from '../helpers/run-cli.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';

const running = useEmulatorEnv();

/** A value a field accepts, from its descriptor. */
const sample = (field: FieldSpec, suffix: string): string =>
  field.choices?.[0] ?? field.suggestions?.[0] ?? (field.type === 'json-object' ? '{}' : `shape-${suffix}`);

/** create's flags and environment for a new record: every required field, secrets by their variable. */
function createInput(resource: ResourceDescriptor, suffix: string): { args: string[]; env: Record<string, string> } {
  const args: string[] = [];
  const env: Record<string, string> = {};
  for (const field of resource.fields.filter((candidate) => candidate.required)) {
    if (field.secret) env[field.secret.env] = `sk-shape-${suffix}-0123456789`;
    else args.push(`--${field.flag}`, sample(field, suffix));
  }
  return { args, env };
}

/** A field update may change on every kind: optional, not secret, not refused by PATCH. */
function updatable(resource: ResourceDescriptor): string[] {
  const field = resource.fields.find(
    (candidate) =>
      !candidate.required &&
      !candidate.secret &&
      candidate.type !== 'boolean' &&
      !resource.patchRefuses.includes(candidate.key),
  )!;
  return [`--${field.flag}`, sample(field, 'updated')];
}

const prefix = (resource: ResourceDescriptor) => (resource.kind === 'agent' ? [] : [resource.plural]);

describe.each(Object.values(KINDS))('$plural', (resource) => {
  const agents = (args: string[], env: Record<string, string> = {}) =>
    runCli([...prefix(resource), ...args], {
      env: { ...running.env, ...env },
      configDir: running.env.AGENTS_CONFIG_DIR,
    });

  it('create -q, list --json, get --json, update -q and --json, delete --json: one shape for every kind', async () => {
    const input = createInput(resource, resource.kind);
    const created = await agents(['create', '-q', ...input.args], input.env);
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/^\S+\n$/);
    const id = created.stdout.trim();

    const listed = JSON.parse((await agents(['list', '--json'])).stdout) as Array<{ id: unknown }>;
    expect(Array.isArray(listed)).toBe(true);
    expect(listed.every((record) => typeof record.id === 'string')).toBe(true);
    expect(listed.map((record) => record.id)).toContain(id);

    expect(JSON.parse((await agents(['get', id, '--json'])).stdout)).toMatchObject({ id });

    const quiet = await agents(['update', id, '-q', ...updatable(resource)]);
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    const updated = await agents(['update', id, '--json', ...updatable(resource)]);
    expect(JSON.parse(updated.stdout)).toMatchObject({ id });

    const deleted = await agents(['delete', id, '--yes', '--json']);
    if (!resource.deletable) {
      expect(deleted.code).toBe(2); // no such command: the service has no route to delete one
      return;
    }
    expect([deleted.code, JSON.parse(deleted.stdout)]).toEqual([0, { id, deleted: true }]);
  });
});
