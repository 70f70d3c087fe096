// `agents mcp serve`: the profile's agents as tools for any MCP client.
import { Option, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { decimal } from '../../util/decimal.js';
import { lazyAction, newCommand, repeatable, withExamples } from '../define.js';

export function mcpCommand(deps: Deps): Command {
  const group = newCommand('mcp', 'Serve your agents to MCP clients (editors, desktop assistants, other agents)');
  const serve = newCommand('serve', 'Serve the agents of the profile as MCP tools, over stdio or HTTP')
    .description(
      'Speak the Model Context Protocol: each agent of the profile is a tool (input, and an optional session to continue); a call invokes the agent with streaming and reports the text so far as progress. Over stdio by default (stdout carries only protocol); --http serves Streamable HTTP on loopback with a bearer token printed once on stderr. Setup for Claude Desktop, VS Code and Cursor: docs/mcp.md.',
    )
    .option('--agent <agent>', 'expose only this agent (an id, an id prefix or a name); repeatable', repeatable)
    .addOption(
      new Option('--watch <seconds>', 'look for added or removed agents this often, and tell the client').argParser(
        decimal,
      ),
    )
    .option('--http', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio')
    .addOption(new Option('--port <n>', 'with --http: the port (0 for any free one)').default(0).argParser(decimal))
    .action(lazyAction(deps, () => import('./serve/serve.run.js')));
  group.addCommand(
    withExamples(serve, [
      'agents mcp serve < /dev/null   # stdio: an MCP client starts it; here it ends with its input',
      'agents mcp serve --agent "Docs bot" --agent "Travel bot" < /dev/null',
    ]),
  );
  return withExamples(group, ['agents mcp serve --watch 30 < /dev/null']);
}
