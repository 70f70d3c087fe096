// Reading a file the user named, or stdin for "-", with a clear error when it cannot be read.
import { readFile } from 'node:fs/promises';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';

export async function readAll(stream: InputStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export async function readFileOrStdin(path: string, stdin: InputStream, flag: string): Promise<string> {
  if (path === '-') return readAll(stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new CliError('usage', `cannot read ${flag} ${path}: ${reason}`);
  }
}
