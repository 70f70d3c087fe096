// Text from the service is data, not terminal commands: names, descriptions, answers, tool calls
// and error messages that carry ESC, OSC, BEL, CR or C1 controls are shown escaped on a terminal.
// NO_COLOR keeps our own output unstyled, so any colour on the screen would have come from the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drip, frame } from '../helpers/drip.js';
import { KEY, python, runInPty } from '../helpers/pty.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const BROKEN_ID = '00000000-0000-4000-8000-50e6162c3828'; // was 'broken-id': the service's ids are UUIDs

const HOSTILE = 'evil\x1b[31mRED\x1b]0;pwned\x07\rX';
const ID = '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11';
const AGENT = {
  id: ID,
  name: HOSTILE,
  description: 'wipes\x1b[2J the screen',
  llmModel: 'GPT_4',
  isActive: true,
  prompt: 'line one\n\x9b31mC1 red',
  tools: [{ toolId: 'tool-1', tool: { name: 'search\x1b[5m' } }],
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(async (req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/v1/agents?')) return sendJson(res, 200, { success: true, data: [AGENT], total_pages: 1 });
    if (url === `/api/v1/agents/${ID}`) return sendJson(res, 200, { success: true, data: AGENT });
    if (url.endsWith('/invoke')) {
      const call = `{'function': 'x\\x1b]0;tool\\x07', 'args': '{}', 'response': 'ok\\x1b[31m'}`;
      return drip(
        res,
        [frame('Hi \x1b]0;pwned\x07there'), frame(' \x1b[31mred\x1b[0m'), frame(call, 'function_call')],
        30,
      );
    }
    sendJson(res, 500, { detail: 'boom\x1b]0;pwned\x07\x1b[31m' });
  });
});
afterAll(() => server.close());

const env = () => ({
  AGENTS_CONFIG_DIR: tempConfigDir(),
  AGENTS_BASE_URL: server.url,
  AGENTS_TOKEN: 'tok_hostile_screen_123',
  NO_COLOR: '1',
});

async function screenOf(args: string[], steps: Parameters<typeof runInPty>[1] = []) {
  const result = await runInPty(args, steps, env(), { cols: 120, rows: 30 });
  expect(result.failure).toBeNull();
  const screen = await renderScreen(result.bytes, 120, 30);
  expect(screen.title).toBeUndefined();
  expect(screen.styled).toBe(false);
  return { ...screen, code: result.code };
}

describe.skipIf(!python())('text from the service on a terminal', () => {
  it('list shows a hostile name escaped, in its own row', async () => {
    const { lines, code } = await screenOf(['list']);
    expect(code).toBe(0);
    expect(lines).toEqual([
      // A carriage return reads ^M, as in get's view.
      'ID                                    NAME                          MODEL  ACTIVE',
      `${ID}  evil^[[31mRED^[]0;pwned^G^MX  GPT_4  yes`,
    ]);
  });

  it('get shows every field escaped, line breaks of a prompt kept', async () => {
    const { lines, code } = await screenOf(['get', ID]);
    expect(code).toBe(0);
    expect(lines).toEqual([
      `id               ${ID}`,
      'name             evil^[[31mRED^[]0;pwned^G^MX',
      'description      wipes^[[2J the screen',
      'model            GPT_4',
      'active           true',
      'prompt           line one',
      '                 ^[[31mC1 red',
      'tools',
      '  tool-1  search^[[5m',
    ]);
  });

  it('the agent picker shows names escaped', async () => {
    const { rows, code } = await screenOf(['invoke'], [{ expect: 'Agent', send: KEY.ctrlC }]);
    expect(code).toBe(130);
    expect(rows.join('\n')).toContain(`evil^[[31mRED^[]0;pwned^G^MX  ${ID}`);
  });

  it('a streamed answer and its tool call are escaped on a terminal', async () => {
    const { lines, code } = await screenOf(['invoke', ID, 'hi']);
    expect(code).toBe(0);
    expect(lines.slice(1)).toEqual(['Hi ^[]0;pwned^Gthere ^[[31mred^[[0m', '⚙ x^[]0;tool^G({}) → ok^[[31m']);
  });

  it("an error message quoting the service's text is escaped", async () => {
    const { lines, code } = await screenOf(['get', BROKEN_ID]);
    expect(code).toBe(1);
    expect(lines[0]).toBe('error: boom^[]0;pwned^G^[[31m');
  });
});
