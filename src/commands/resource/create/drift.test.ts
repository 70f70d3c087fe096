// `create --if-missing` in a script re-run after an edit: the agent is kept as it is, and stderr
// says which of the given fields differ and how to apply them; exit 0 all the same.
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { runCli } from '../../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: running.env });
/** The line a re-run script has: create Drift if it is missing, with these fields. */
const createDrift = (...fields: string[]) => agents('create', '-q', '--if-missing', '--name', 'Drift', ...fields);

describe('create --if-missing', () => {
  it('keeps the agent and names the fields that differ, with the update that applies them', async () => {
    const first = await createDrift('--description', 'one', '--llm-model', 'GPT_4');
    expect(first.code, first.stderr).toBe(0);
    const id = first.stdout.trim();

    const same = await createDrift('--description', 'one', '--llm-model', 'GPT_4', '--llm-provider', 'OPENAI');
    expect(same.code).toBe(0);
    expect(same.stderr).toBe(''); // nothing differs (the provider is not kept on an agent, so it cannot)

    const edited = await createDrift('--description', 'two', '--llm-model', 'GPT_4_0', '--prompt', 'Be brief.');
    expect(edited.code).toBe(0);
    expect(edited.stdout.trim()).toBe(id);
    expect(edited.stderr).toContain('description, model, prompt differ from what was given');
    expect(edited.stderr).toContain(`agents update ${id} --description … --llm-model … --prompt …`);
    const kept = JSON.parse((await agents('get', id, '--json')).stdout);
    expect(kept).toMatchObject({ description: 'one', llmModel: 'GPT_4' });
  });
});
