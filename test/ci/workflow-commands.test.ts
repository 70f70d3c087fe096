// Workflow commands read back as GitHub's runner reads them: hostile names and answers stay inside
// the one command they are in, as its message or a property's value.
import { describe, expect, it } from 'vitest';
import { workflowCommand } from '../../src/ci/workflow-commands.js';
import { parseWorkflowCommand as parse } from '../helpers/workflow-commands.js';

describe('workflowCommand', () => {
  it('keeps a hostile title and message inside one command, each read back as it was', () => {
    const title = 'x,line=1,file=/etc/passwd::hi';
    const message = 'first line\n::add-mask::nothing\r\n::error file=a.yaml::forged 100%';
    const line = workflowCommand('error', { file: 'evals.yaml', line: 12, title }, message);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toMatch(/\r/);
    const read = parse(line);
    expect(read.command).toBe('error');
    expect(read.properties).toEqual({ file: 'evals.yaml', line: '12', title });
    // The CR is a control character the CLI shows escaped (^M); the line breaks are the runner's to show.
    expect(read.message).toBe('first line\n::add-mask::nothing^M\n::error file=a.yaml::forged 100%');
  });

  it('shows terminal escapes as text and leaves out properties not given', () => {
    const line = workflowCommand('warning', { title: 'T' }, 'red \u001b[31mtext\u202e');
    expect(line).toBe('::warning title=T::red ^[[31mtext<U+202E>');
  });
});
