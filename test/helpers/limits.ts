// The one knob for every time limit the suite sets: AGENTS_TEST_TIME_SCALE=3 gives each test, hook
// and terminal step three times as long before it is called hung. Limits catch hangs only: no test
// waits on a clock to decide what happened (it waits on a line, a prompt, a file or an exit).
export const TIME_SCALE = scaleFrom(process.env.AGENTS_TEST_TIME_SCALE);

/** `ms` scaled by AGENTS_TEST_TIME_SCALE: the limit of a test, a hook or a wait for a hang. */
export function limit(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

function scaleFrom(text: string | undefined): number {
  if (text === undefined || text === '') return 1;
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`AGENTS_TEST_TIME_SCALE must be a number above 0, not "${text}"`);
  return scale;
}
