#!/usr/bin/env node
// `agents --version` answers without loading the CLI: scripts call it often.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
} else {
  const { main } = await import('../dist/main.js');
  await main();
}
