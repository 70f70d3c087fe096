#!/usr/bin/env node
// Prints the path of a Node binary of the current LTS (npm package node@26), installing it into
// a temporary folder on first use. .ci/run tests with it and `npm run bench` measures on it:
// users run the LTS, while this machine's own Node is 20.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LTS = '26';
const prefix = join(tmpdir(), `agents-node-${LTS}`);
const binary = join(prefix, 'node_modules', 'node', 'bin', 'node');
if (!existsSync(binary)) {
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node@${LTS}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith(`v${LTS}.`)) throw new Error(`${binary} is ${version}, expected Node ${LTS}`);
process.stdout.write(`${binary}\n`);
