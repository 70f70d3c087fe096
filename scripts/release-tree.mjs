#!/usr/bin/env node
// `node scripts/release-tree.mjs vX.Y.Z`: tags a release as a tree that needs no build, so one npm
// command installs the CLI straight from the repository:
//
//     npm install -g github:OWNER/REPO#vX.Y.Z
//
// npm installs a git package by cloning it; when the package has a build, prepare, prepack or
// install script, npm first installs all its dev dependencies (hundreds of MB here) to run it, and
// under -g leaves a dangling link instead of the package unless --install-links is given
// (npm/cli#4148: exit 0, "added 1 package", and no `agents`). The tag's tree has neither: its
// commit (a child of the source commit, on no branch) holds the built dist/ and a package.json
// without scripts or dev dependencies, so npm packs it as it is (bin/, dist/, completions/). Every
// runtime library is bundled in dist/: the install adds this one package. Run it in a clean clone
// with its dependencies installed (npm ci); the branch you were on is left as it was.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releasedPackage } from './released-package.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tag = process.argv[2];
const fail = (message) => {
  process.stderr.write(`release-tree: ${message}\n`);
  process.exit(2);
};
if (!tag || !/^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(tag)) fail('usage: node scripts/release-tree.mjs vX.Y.Z');

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
if (git('status', '--porcelain', '--untracked-files=no') !== '')
  fail('the clone has changes: commit them, or run it in a clean clone');
const packageFile = join(root, 'package.json');
const source = JSON.parse(readFileSync(packageFile, 'utf8'));
if (`v${source.version}` !== tag.replace(/-.*$/, '')) fail(`${tag} is not package.json's version ${source.version}`);
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
const commit = git('rev-parse', 'HEAD');

execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
git('checkout', '--quiet', '--detach');
try {
  writeFileSync(packageFile, `${JSON.stringify(releasedPackage(source), null, 2)}\n`);
  git('add', '--force', 'dist', 'package.json');
  git(
    'commit',
    '--quiet',
    '--no-verify',
    '-m',
    `${tag}: the built tree of ${commit.slice(0, 12)} (npm install -g github:…#${tag})`,
  );
  git('tag', tag);
  process.stdout.write(`${tag} → ${git('rev-parse', 'HEAD').slice(0, 12)} (built from ${commit.slice(0, 12)})\n`);
} finally {
  git('checkout', '--quiet', '--force', branch === 'HEAD' ? commit : branch);
}
