// What each kind of flag and argument gives help (its placeholder), TAB (its completion) and the
// output-path check, from the one line a spec writes.
import { describe, expect, it } from 'vitest';
import {
  choice,
  count,
  fraction,
  inputPath,
  list,
  off,
  on,
  optionalArg,
  outputPath,
  reference,
  requiredArg,
  text,
  variadicArg,
} from './flags.js';

const shape = (flag: { complete: unknown; placeholder?: string; output?: boolean }) => ({
  complete: flag.complete,
  placeholder: flag.placeholder,
  output: flag.output ?? false,
});

describe('value flags', () => {
  it('each kind has its completion and placeholder, and a spec may name another placeholder', () => {
    expect(shape(text('a name'))).toEqual({ complete: { kind: 'free' }, placeholder: 'text', output: false });
    expect(shape(text('a model', { complete: { kind: 'choices', choices: ['a'] } })).complete).toEqual({
      kind: 'choices',
      choices: ['a'],
    });
    expect(shape(inputPath('a file'))).toEqual({ complete: { kind: 'files' }, placeholder: 'path', output: false });
    expect(shape(outputPath('a report'))).toEqual({ complete: { kind: 'files' }, placeholder: 'file', output: true });
    expect(shape(count('how many', { min: 1 }))).toEqual({
      complete: { kind: 'free' },
      placeholder: 'n',
      output: false,
    });
    expect(shape(fraction('a share', { min: 0, max: 1 }))).toEqual({
      complete: { kind: 'free' },
      placeholder: 'n',
      output: false,
    });
    expect(shape(choice('a mode', ['fast', 'slow'], { default: 'fast' }))).toEqual({
      complete: { kind: 'choices', choices: ['fast', 'slow'] },
      placeholder: 'fast|slow',
      output: false,
    });
    expect(shape(reference('tool', 'a tool'))).toEqual({
      complete: { kind: 'known', of: 'tool' },
      placeholder: 'tool',
      output: false,
    });
    expect(text('a header', { placeholder: 'name:value' }).placeholder).toBe('name:value');
    expect(inputPath('a file', { placeholder: 'yaml' }).placeholder).toBe('yaml');
  });
});

describe('lists, switches and arguments', () => {
  it('a list offers free text as value unless told, and reads what a spec gives it', () => {
    expect(shape(list('a header'))).toEqual({ complete: { kind: 'free' }, placeholder: 'value', output: false });
    const files = list('a file', { complete: { kind: 'files' }, placeholder: 'path' });
    expect(shape(files)).toEqual({ complete: { kind: 'files' }, placeholder: 'path', output: false });
  });

  it('a switch is on when given, unless it is the --no- kind; negatable only when asked', () => {
    expect([on('all').negatable, 'negative' in on('all')]).toEqual([false, false]);
    expect(on('all', { negatable: true }).negatable).toBe(true);
    expect(off('no stream').negative).toBe(true);
  });

  it('an argument is optional, required or variadic, free text unless told', () => {
    const described = (argument: { required: boolean; variadic: boolean; complete: unknown }) => [
      argument.required,
      argument.variadic,
      argument.complete,
    ];
    expect(described(optionalArg('agent', 'an agent'))).toEqual([false, false, { kind: 'free' }]);
    expect(described(requiredArg('agent', 'an agent', { complete: { kind: 'known', of: 'agent' } }))).toEqual([
      true,
      false,
      { kind: 'known', of: 'agent' },
    ]);
    expect(described(variadicArg('words', 'the words'))).toEqual([false, true, { kind: 'free' }]);
    expect(described(variadicArg('files', 'the files', { required: true }))).toEqual([true, true, { kind: 'free' }]);
  });
});
