#!/usr/bin/env node
// Prints the path of a Node binary of the current LTS, installed from scripts/node-lts/'s lockfile
// (a pinned version, its integrity checked by npm ci). .ci/run tests with it and `npm run bench`
// measures on it: users run the LTS, while this machine's own Node is 20. Installed once into the
// user's cache (pinned-install.mjs). `node scripts/node-lts.mjs 22` prints Node 22's instead
// (scripts/node-22/), which the bench measures too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPinned, isPrivate } from './pinned-install.mjs';

const line = process.argv[2];
if (line !== undefined && !/^\d+$/.test(line)) throw new Error(`usage: node-lts.mjs [major version], not ${line}`);
const pinned = fileURLToPath(new URL(line ? `./node-${line}/` : './node-lts/', import.meta.url));
const { optionalDependencies } = JSON.parse(readFileSync(join(pinned, 'package.json'), 'utf8'));
const platformPackage = `node-${process.platform}-${process.arch}`;
const version = optionalDependencies[platformPackage];
if (!version) throw new Error(`no pinned Node LTS for ${process.platform}-${process.arch} in ${pinned}package.json`);

const binaryIn = (folder) => join(folder, 'node_modules', platformPackage, 'bin', 'node');
const installed = installPinned(pinned, `node-${line ?? 'lts'}-${version}`, (folder) =>
  isPrivate(dirname(binaryIn(folder))),
);

const binary = binaryIn(installed);
const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (reported !== `v${version}`) throw new Error(`${binary} is ${reported}, expected v${version}`);
process.stdout.write(`${binary}\n`);
