/** Shows enough of a token to tell which one it is, never the whole of it. */
export function maskToken(token: string): string {
  if (token.length < 12) return '****';
  return `${token.slice(0, 4)}…${token.slice(-4)}`;
}
