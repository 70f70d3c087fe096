// The reader's walk through the docs: how a shell block becomes commands, and what each promises.
import { describe, expect, it } from 'vitest';
import { commandsOf, expectedExit } from '../helpers/doc-walk.js';

const block = (text: string) => text.split('\n').map((line, index) => ({ text: line, number: index + 1 }));

describe('commandsOf', () => {
  it('drops comments and blank lines, keeps continuations and here-documents whole', () => {
    const commands = commandsOf(
      block(
        [
          '# a comment',
          '',
          'agents list',
          'agents create --name x \\',
          '  --llm-model GPT_4',
          "cat > a.yaml <<'EOF'",
          'name: x',
          'EOF',
          'agents get x',
        ].join('\n'),
      ),
    );
    expect(commands).toEqual([
      { command: 'agents list', number: 3 },
      { command: 'agents create --name x \\\n  --llm-model GPT_4', number: 4 },
      { command: "cat > a.yaml <<'EOF'\nname: x\nEOF", number: 6 },
      { command: 'agents get x', number: 9 },
    ]);
  });
});

describe('expectedExit', () => {
  it('is 0 unless a trailing comment says `# exit N`', () => {
    expect(expectedExit('agents list')).toBe(0);
    expect(expectedExit('agents eval -f e.yaml   # exit 1: two cases fail on purpose')).toBe(1);
    expect(expectedExit('agents invoke x "hi" --output-schema @s.json   # checked locally (exit 6)')).toBe(0);
    expect(expectedExit('agents create \\\n  --name x   # exit 2')).toBe(2);
  });
});
