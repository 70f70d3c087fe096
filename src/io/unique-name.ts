// A part of a file name or token that no other process, and no other call here, uses: temp files
// and lock tokens must be distinct, not secret (both are created with O_EXCL in the user's own
// folder). Not from node:crypto: loading it cost every command that records state 5 ms and
// 3 MiB on Node 26.
let calls = 0;

export function uniqueName(): string {
  calls += 1;
  return `${process.pid}.${calls.toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
}
