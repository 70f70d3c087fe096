// One way to walk a skip/take list: pages of at most `pageSize`, stopping at `limit`, at a short
// page, or when total_pages says the last page was read (the real service sends it). Once the
// first page has told how many there are, the rest are asked for `concurrency` at a time, and
// still handed out in order. A page that repeats the one before it (a caching proxy that ignores
// the query) ends the walk with exit 3 instead of looping for ever.

import { CliError } from '../errors.js';

/** Pages asked for at once once the count is known: a long list in a fraction of the time, and a bounded load on the service. */
export const PAGES_AT_ONCE = 12;

export interface Page<T> {
  items: T[];
  totalPages?: number;
}

export interface PagingOptions {
  limit?: number;
  pageSize: number;
  /** Pages in flight at once after the first (1: one after the other). */
  concurrency?: number;
}

export async function* paginate<T>(
  fetchPage: (skip: number, take: number) => Promise<Page<T>>,
  options: PagingOptions,
): AsyncGenerator<T> {
  const limit = options.limit ?? Infinity;
  const take = Math.min(options.pageSize, limit);
  if (take <= 0) return;
  const first = await fetchPage(0, take);
  const repeats = repeatGuard(first.items);
  yield* first.items.slice(0, limit);
  let seen = Math.min(first.items.length, limit);
  if (first.items.length < take || seen >= limit) return;

  const known = first.totalPages;
  if (known !== undefined && first.items.length >= known * take) return;
  if (known !== undefined && (options.concurrency ?? 1) > 1) {
    yield* remainingPages(fetchPage, {
      take,
      limit,
      seen,
      pages: Math.min(known, Math.ceil(limit / take)),
      concurrency: options.concurrency!,
      repeats,
    });
    return;
  }
  for (let skip = first.items.length; seen < limit;) {
    const size = Math.min(options.pageSize, limit - seen);
    const page = await fetchPage(skip, size);
    repeats(page.items);
    for (const item of page.items.slice(0, limit - seen)) {
      seen++;
      yield item;
    }
    skip += page.items.length;
    const lastPage = page.totalPages !== undefined && skip >= page.totalPages * size;
    if (page.items.length < size || lastPage) return;
  }
}

/** Pages 1 to pages-1, at most `concurrency` in flight, yielded in page order. */
async function* remainingPages<T>(
  fetchPage: (skip: number, take: number) => Promise<Page<T>>,
  plan: {
    take: number;
    limit: number;
    seen: number;
    pages: number;
    concurrency: number;
    repeats: (items: T[]) => void;
  },
): AsyncGenerator<T> {
  const inFlight: Array<Promise<Page<T>>> = [];
  let next = 1;
  const ask = () => {
    const pending = fetchPage(next++ * plan.take, plan.take);
    pending.catch(() => undefined); // awaited in order below; one left behind must not go unhandled
    inFlight.push(pending);
  };
  let seen = plan.seen;
  while (next < plan.pages && inFlight.length < plan.concurrency) ask();
  while (inFlight.length > 0) {
    const page = await inFlight.shift()!;
    if (next < plan.pages) ask();
    plan.repeats(page.items);
    for (const item of page.items.slice(0, plan.limit - seen)) {
      seen++;
      yield item;
    }
    if (page.items.length < plan.take || seen >= plan.limit) return;
  }
}

/**
 * Throws when a page holds exactly the records of the page before it: the query was ignored, so
 * every later page would be the same one. Only the previous page's text is kept.
 */
function repeatGuard<T>(firstItems: T[]): (items: T[]) => void {
  let previous = JSON.stringify(firstItems);
  let pageNumber = 1;
  return (items) => {
    pageNumber++;
    const text = JSON.stringify(items);
    if (items.length > 0 && text === previous)
      throw new CliError(
        'unreachable',
        `the service's pages do not advance: page ${pageNumber} repeats page ${pageNumber - 1}'s records (a proxy or cache that ignores ?skip= would do this); stopped instead of reading for ever`,
      );
    previous = text;
  };
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
