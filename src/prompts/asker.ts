// What a question needs: somewhere to ask it, and the terminal to know whether it may.
import type { Io } from '../ui/io.js';
import type { Prompter } from '../questions.js';

export interface Asker {
  io: Io;
  prompter: Prompter;
}
