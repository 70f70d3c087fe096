// Numbers from flags: plain decimal only. Number() would read "" as 0 and "0x1" as 1, so a typo
// would send a value the user never wrote; anything else becomes NaN, which the command's zod
// schema reports as "must be a number".
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function decimal(value: string): number {
  return DECIMAL.test(value.trim()) ? Number(value) : Number.NaN;
}
