// GitHub's runner's reading of a step's output (actions/runner's ActionCommandManager and
// ActionCommand, from its public source): what a test holds the CLI's annotations and guard to.

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

/**
 * The commands GitHub's runner would run from `output`, read as actions/runner reads a step's
 * output (ActionCommandManager, ActionCommand): lines end at LF or CR; `::name props::data` after
 * leading Unicode white space (TrimStart), else `##[name props]data` anywhere in the line; only
 * registered names (any case) count; `stop-commands` ignores every command until its token comes
 * back as one. The runner's culture-sensitive search may skip characters a collation ignores; this
 * model skips every control, format and combining character, so it reads at least what a runner
 * could. `stopped`: the output left the runner ignoring commands (the rest of the step would be).
 */
export function runnerReads(output: string): { commands: WorkflowCommand[]; stopped: boolean } {
  const registered = new Set(REGISTERED);
  const commands: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
    const command = readLine(line, registered);
    if (!command) continue;
    if (stopToken !== undefined) {
      if (command.command.toLowerCase() === stopToken.toLowerCase()) {
        registered.delete(stopToken.toLowerCase());
        stopToken = undefined;
      }
      continue;
    }
    if (command.command.toLowerCase() === 'stop-commands') {
      stopToken = command.message;
      registered.add(stopToken.toLowerCase());
      continue;
    }
    commands.push(command);
  }
  return { commands, stopped: stopToken !== undefined };
}

/** Every workflow command the runner would run from `output` (see runnerReads). */
export function workflowCommandsIn(output: string): WorkflowCommand[] {
  return runnerReads(output).commands;
}

const REGISTERED = [
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
];

const IGNORED = /[\p{Cc}\p{Cf}\p{Mn}\p{Me}]/gu;

function readLine(line: string, registered: Set<string>): WorkflowCommand | undefined {
  const visible = line.replace(/^[\s\u0085]+/u, '').replace(IGNORED, '');
  const trimmed = visible.replace(/^[\s\u0085]+/u, '');
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const name = trimmed.slice(2, end).split(' ')[0]!;
      if (registered.has(name.toLowerCase())) return parseWorkflowCommand(trimmed);
    }
  }
  const prefix = visible.indexOf('##[');
  if (prefix < 0) return undefined;
  const bracket = visible.indexOf(']', prefix);
  if (bracket < 0) return undefined;
  const info = visible.slice(prefix + 3, bracket);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!registered.has(name.toLowerCase())) return undefined;
  return { command: name, properties: {}, message: visible.slice(bracket + 1) };
}
