// `agents mcp serve`: the profile's agents as tools for any MCP client.
import { count, inputPath, list, on } from '../../../definition/flags.js';
import { defineSpec } from '../../../definition/define.js';

export const spec = defineSpec({
  path: 'mcp serve',
  summary: 'Serve the agents of the profile as MCP tools, over stdio or HTTP',
  description:
    'Speak the Model Context Protocol: each agent of the profile is a tool (input, and an optional session to continue); a call invokes the agent with streaming and reports the text so far as progress. Over stdio by default (stdout carries only protocol); --http serves Streamable HTTP on loopback with a bearer token printed once on stderr. Setup for Claude Desktop, VS Code and Cursor: docs/mcp.md.',
  args: [],
  flags: {
    agent: list('expose only this agent (an id, an id prefix or a name); repeatable', {
      placeholder: 'agent',
      complete: { kind: 'known', of: 'agent' },
    }),
    watch: count('look for added or removed agents this often, and tell the client', {
      min: 1,
      max: 86_400,
      placeholder: 'seconds',
    }),
    http: on('serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio'),
    port: count('with --http: the port (0 for any free one)', { min: 0, max: 65_535, default: '0' }),
    tokenFile: inputPath(
      'with --http: the bearer token kept in this file, made (0600) with a new one when missing and reused after, for client configurations that keep it',
      { placeholder: 'file' },
    ),
  },
  noJson: 'stdout carries the Model Context Protocol (JSON-RPC) alone',
  uses: ['service', 'runLog'],
  examples: [
    'agents mcp serve < /dev/null   # stdio: an MCP client starts it; here it ends with its input',
    'agents mcp serve --agent "Docs bot" --agent "Travel bot" < /dev/null',
  ],
  readsStdin: [],
});
