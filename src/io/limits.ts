// The most any input is read: a file, stdin, a line of chat or of MCP, a config file. /dev/zero, or a
// link to it, ends in an error naming it, never in a process that grows until it dies.
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
