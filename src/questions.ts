// The questions a command may ask a person (tests answer them from a script; prompter.ts asks them
// with @inquirer/prompts). Kept apart from the prompter so that deps.ts can name it without a cycle.
export interface Choice {
  value: string;
  name: string;
  description?: string;
}

export type Validate = (value: string) => string | true;

export interface Prompter {
  text(message: string, options?: { default?: string; validate?: Validate }): Promise<string>;
  secret(message: string, options?: { validate?: Validate }): Promise<string>;
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
  /** One of the choices; with allowOther, free text too (search as you type). Checks come after, never in the list. */
  choose(message: string, choices: Choice[], options?: { default?: string; allowOther?: boolean }): Promise<string>;
  /** Any number of the choices. */
  chooseMany(message: string, choices: Choice[]): Promise<string[]>;
  /** Text that may span lines: the user's editor when one is set, else one line where \n means a newline. */
  multiline(message: string, options?: { default?: string; validate?: Validate }): Promise<string>;
}
