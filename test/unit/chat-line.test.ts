import { describe, expect, it } from 'vitest';
import { readChatLine } from '../../src/chat/chat-line.js';

describe('a line typed into chat', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['hello there', { kind: 'send', text: 'hello there' }],
    ['/help', { kind: 'command', name: 'help' }],
    [' /new ', { kind: 'command', name: 'new' }],
    ['/EXIT', { kind: 'command', name: 'exit' }],
    ['/quit', { kind: 'command', name: 'exit' }],
    ['/exit now', { kind: 'command', name: 'exit' }],
    ['/wat is this', { kind: 'unknown-command', word: '/wat' }],
    ['//etc/hosts please', { kind: 'send', text: '/etc/hosts please' }],
    ['  //new', { kind: 'send', text: '  /new' }],
    ['a /help in the middle', { kind: 'send', text: 'a /help in the middle' }],
  ])('%j', (raw, expected) => {
    expect(readChatLine(raw)).toEqual(expected);
  });
});
