// `agents api PATH`: any request to the service with the profile's address and token, as `gh api`.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { lazyAction, newCommand, repeatable, withExamples } from '../define.js';

export function apiCommand(deps: Deps): Command {
  const command = newCommand('api', 'Send any request to the service with the profile’s address and token')
    .description(
      'Send a request to the service and print its answer: the routes the other commands do not cover (workflows, vector databases, what comes next). PATH gets /api/v1/ in front unless it starts with /api/. The body is printed as it came off a terminal, indented on one; a failed request still prints its body, and exits with its code (4, 5, 1, 3 …). The token is never printed; values under secret-named keys (a user’s token, API keys) and credential headers show as [redacted] unless --show-secrets.',
    )
    .argument('<path>', 'e.g. agents, api-users/me, /api/v1/tools?take=5')
    .option(
      '-X, --method <method>',
      'the HTTP method (default GET, or POST when fields or --input are given without --paginate)',
    )
    .option(
      '-f, --raw-field <key=value>',
      'a string field of the JSON body (a query parameter for GET); repeatable',
      repeatable,
    )
    .option(
      '-F, --field <key=value>',
      'a typed field: a number, true, false, null, or @file for a file’s text; repeatable',
      repeatable,
    )
    .option('--input <file>', 'the request body as it is, from a file or - for stdin (fields then go in the query)')
    .option('-H, --header <name:value>', 'a request header; repeatable', repeatable)
    .option('-i, --include', 'print the status line and the response headers before the body')
    .option('--paginate', 'follow skip/take and total_pages and print every page’s data as one array')
    .action(lazyAction(deps, () => import('./api.run.js')));
  return withExamples(command, [
    'agents api api-users/me',
    'agents api tools --paginate',
    'agents api tools -X GET -f take=1   # GET: fields go in the query',
    'agents api datasources -F name=notes -f type=URL -f url=https://example.com/notes -X POST',
    'agents api agents -X GET -F take=2 -i',
    'agents api agents/no-such-id   # exit 5',
  ]);
}
