// GitHub's runner's reading of a workflow command line (actions/runner's ActionCommand): what a
// test holds the CLI's annotations to.

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/** The runner's reading of a `::command props::message` line (actions/runner's ActionCommand). */
export function parseWorkflowCommand(line: string): WorkflowCommand {
  const match = /^::(\S+?)(?: (.*?))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const unescape = (text: string) =>
    text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
  }
  return { command: match[1]!, properties, message: unescape(match[3]!) };
}

/** Every workflow command in `output` (stderr), read back. */
export function workflowCommandsIn(output: string): WorkflowCommand[] {
  return output
    .split('\n')
    .filter((line) => line.trimStart().startsWith('::'))
    .map((line) => parseWorkflowCommand(line.trimStart()));
}
