/**
 * Shows enough of a secret to tell which one it is and never enough to help guess it: at most its
 * last 4 characters, and never more than a quarter of it.
 */
export function maskToken(token: string): string {
  const shown = Math.min(4, Math.floor(token.length / 4));
  return `****${shown > 0 ? token.slice(-shown) : ''}`;
}
