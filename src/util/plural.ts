/** `1 case`, `2 cases`: a count with its noun, in the singular for one. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
