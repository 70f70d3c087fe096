// One way to walk a skip/take list: pages of at most `pageSize`, stopping at `limit`, at a short
// page, or when total_pages says the last page was read (the real service sends it).

export interface Page<T> {
  items: T[];
  totalPages?: number;
}

export async function* paginate<T>(
  fetchPage: (skip: number, take: number) => Promise<Page<T>>,
  options: { limit?: number; pageSize: number },
): AsyncGenerator<T> {
  const limit = options.limit ?? Infinity;
  let seen = 0;
  for (let skip = 0; seen < limit;) {
    const take = Math.min(options.pageSize, limit - seen);
    const page = await fetchPage(skip, take);
    for (const item of page.items.slice(0, limit - seen)) {
      seen++;
      yield item;
    }
    skip += page.items.length;
    const lastPage = page.totalPages !== undefined && skip >= page.totalPages * take;
    if (page.items.length < take || lastPage) return;
  }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
