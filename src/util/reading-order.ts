// Problem lists read as the files do: file by file in the order they were given, each top to bottom.

/**
 * The items sorted by the `file:line` their text starts with (`placeOf`), files in the order of
 * `sources`; an item that names no line of them goes last, in the order it came.
 */
export function inReadingOrder<T>(items: readonly T[], sources: readonly string[], placeOf: (item: T) => string): T[] {
  const keyOf = (item: T): [number, number] => {
    const text = placeOf(item);
    const file = sources.findIndex((source) => text.startsWith(`${source}:`));
    if (file === -1) return [sources.length, 0];
    const line = /^\d+/.exec(text.slice(sources[file]!.length + 1));
    return [file, line ? Number(line[0]) : 0];
  };
  return items
    .map((item, index) => ({ item, index, key: keyOf(item) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.index - b.index)
    .map(({ item }) => item);
}
