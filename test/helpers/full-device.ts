// /dev/full, the device every write to fails with ENOSPC: how the tests fill a disk; /dev/null, the
// device a write goes through to. Neither is written in a mutation run as root: a mutant of the
// writer that takes a device for a regular file writes a temporary file and renames it over the
// device (it happened twice: /dev/full became a one-byte file, then /dev/null an empty one).
const deviceSafe = !(process.env.AGENTS_MUTATION_RUN === '1' && process.getuid?.() === 0);

/** Whether a test may write to /dev/full here: Linux, and not a mutation run as root. */
export const fullDeviceUsable = process.platform === 'linux' && deviceSafe;

/** Whether a test may write to /dev/null through the CLI's writer: not in a mutation run as root. */
export const devicesWritable = deviceSafe;
