// What a stream's terminal can do, decided in one place: whether to animate on it.
// Colour is decided beside it, in color-support.ts, without loading chalk.

type Stream = { isTTY?: boolean; columns?: number };

/** CI=true (or any value but 0/false) means nobody is watching: never prompt, never animate. */
export function isCi(env: Record<string, string | undefined>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

/**
 * A spinner redraws in place, which needs a real terminal of known width: a pty that reports
 * 0 columns (CI runners, `docker exec -t` before a resize) makes ora clear lines forever.
 */
export function canAnimate(stream: Stream, env: Record<string, string | undefined>): boolean {
  return (
    stream.isTTY === true &&
    typeof stream.columns === 'number' &&
    stream.columns > 0 &&
    env.TERM !== 'dumb' &&
    !isCi(env)
  );
}
