#!/usr/bin/env node
// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in
// scripts/conformance/) against `agents mcp serve --http` on the bundled emulator, on the Node LTS
// (the suite needs Node 22 or newer). The suite sends no headers of its own, so a small proxy here
// adds the server's bearer token: the server keeps refusing every request without it. Every
// scenario the suite lists must pass with no warning, except those scripts/conformance/
// not-applicable.json lists with the reason they do not apply to a tools-only server. Run by .ci/run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as forward, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { installPinned } from './pinned-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'agents.js');
const pinned = join(root, 'scripts', 'conformance');
const { dependencies } = JSON.parse(readFileSync(join(pinned, 'package.json'), 'utf8'));
const version = dependencies['@modelcontextprotocol/conformance'];
const suiteBin = (folder) => join(folder, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const suite = suiteBin(installPinned(pinned, `mcp-conformance-${version}`, (folder) => existsSync(suiteBin(folder))));
const notApplicable = JSON.parse(readFileSync(join(pinned, 'not-applicable.json'), 'utf8')).scenarios;
const lts = execFileSync(process.execPath, [join(root, 'scripts', 'node-lts.mjs')], { encoding: 'utf8' }).trim();

const work = mkdtempSync(join(tmpdir(), 'agents-conformance-'));
const children = [];
const started = (args, env, stdio) => {
  const child = spawn(lts, args, { env, stdio });
  children.push(child);
  return child;
};
let failed = false;
try {
  const emulator = started(
    [bin, 'emulator', '--port', '0', '--json'],
    { ...process.env, AGENTS_EMULATOR_TOKEN_DELAY_MS: '0' },
    ['ignore', 'pipe', 'inherit'],
  );
  const { baseUrl, token } = JSON.parse(
    await new Promise((resolve) => createInterface({ input: emulator.stdout }).once('line', resolve)),
  );
  const env = {
    ...process.env,
    AGENTS_CONFIG_DIR: join(work, 'config'),
    AGENTS_BASE_URL: baseUrl,
    AGENTS_TOKEN: token,
  };
  execFileSync(
    lts,
    [bin, 'create', '-q', '--name', 'Conformance bot', '--description', 'answers', '--llm-model', 'GPT_4'],
    {
      env,
      stdio: 'ignore',
    },
  );
  const server = started([bin, 'mcp', 'serve', '--http', '--port', '0'], env, ['ignore', 'ignore', 'pipe']);
  let printed = '';
  server.stderr.on('data', (chunk) => (printed += chunk));
  for (let i = 0; i < 200 && !printed.includes('Bearer'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const upstream = new URL(/MCP over HTTP at (\S+)/.exec(printed)[1]);
  const bearer = /Authorization: Bearer (\S+)/.exec(printed)[1];

  // The token-adding proxy: every request and answer passed through as it streams.
  const proxy = createServer((req, res) => {
    const onward = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host, authorization: `Bearer ${bearer}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on('close', () => onward.destroy());
    req.pipe(onward);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${proxy.address().port}/mcp`;

  const listed = execFileSync(lts, [suite, 'list', '--server'], { encoding: 'utf8' });
  const scenarios = [...listed.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
  for (const stale of Object.keys(notApplicable).filter((name) => !scenarios.includes(name))) {
    console.log(`✗ ${stale}: listed as not applicable, but the suite has no such scenario`);
    failed = true;
  }
  for (const scenario of scenarios) {
    if (notApplicable[scenario]) {
      console.log(`- ${scenario}: not applicable (${notApplicable[scenario]})`);
      continue;
    }
    const output = await new Promise((resolve) => {
      const run = spawn(lts, [suite, 'server', '--url', url, '--scenario', scenario], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      run.stdout.on('data', (chunk) => (text += chunk));
      run.stderr.on('data', (chunk) => (text += chunk));
      run.on('close', () => resolve(text));
    });
    // eslint-disable-next-line no-control-regex -- colour codes are what it removes
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    const result = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(plain);
    const ok = result && Number(result[2]) > 0 && result[1] === result[2] && result[3] === '0' && result[4] === '0';
    console.log(`${ok ? '✓' : '✗'} ${scenario}: ${result ? result[0] : 'no result'}`);
    if (!ok) {
      failed = true;
      console.log(
        plain
          .split('\n')
          .filter((line) => /FAILURE|WARNING|Error/.test(line))
          .join('\n'),
      );
    }
  }
  proxy.close();
  console.log(
    failed ? 'conformance: failed' : `conformance: every applicable scenario of ${version} passed, no warnings`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
