// /dev/full, the device every write to fails with ENOSPC: how the tests fill a disk. Not in a
// mutation run as root: a mutant of the writer that takes it for a regular file writes a temporary
// file and renames it over the device (it happened: /dev/full became a one-byte file).
/** Whether a test may write to /dev/full here: Linux, and not a mutation run as root. */
export const fullDeviceUsable =
  process.platform === 'linux' && !(process.env.AGENTS_MUTATION_RUN === '1' && process.getuid?.() === 0);
