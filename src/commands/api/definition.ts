// `agents api PATH`: any request to the service with the profile's address and token, as `gh api`.
import { inputPath, list, on, requiredArg, text } from '../../definition/flags.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'api',
  summary: 'Send any request to the service with the profile’s address and token',
  description:
    'Send a request to the service and print its answer: the routes the other commands do not cover (workflows, vector databases, what comes next). PATH gets /api/v1/ in front unless it starts with /api/. The body is printed as it came off a terminal, indented on one; a failed request still prints its body, and exits with its code (4, 5, 1, 3 …). The token is never printed; values under secret-named keys (a user’s token, API keys) and credential headers show as [redacted] unless --show-secrets.',
  args: [requiredArg('path', 'e.g. agents, api-users/me, /api/v1/tools?take=5')],
  flags: {
    method: text('the HTTP method (default GET, or POST when fields or --input are given without --paginate)', {
      short: '-X',
      placeholder: 'method',
    }),
    rawField: list('a string field of the JSON body (a query parameter for GET); repeatable', {
      short: '-f',
      placeholder: 'key=value',
    }),
    field: list('a typed field: a number, true, false, null, or @file for a file’s text; repeatable', {
      short: '-F',
      placeholder: 'key=value',
    }),
    input: inputPath('the request body as it is, from a file or - for stdin (fields then go in the query)', {
      placeholder: 'file',
    }),
    header: list('a request header; repeatable', { short: '-H', placeholder: 'name:value' }),
    include: on('print the status line and the response headers before the body', { short: '-i' }),
    paginate: on('follow skip/take and total_pages and print every page’s data as one array'),
  },
  noJson: "it prints the service's answer as it came (indented on a terminal)",
  uses: ['service'],
  examples: [
    'agents api api-users/me',
    'agents api tools --paginate',
    'agents api tools -X GET -f take=1   # GET: fields go in the query',
    'agents api datasources -F name=notes -f type=URL -f url=https://example.com/notes -X POST',
    'agents api agents -X GET -F take=2 -i',
    'agents api agents/no-such-id   # exit 5',
  ],
  readsStdin: ['things', '--input', '-'],
});
