// The one skip/take walker that agent and resource lists share.
import { describe, expect, it } from 'vitest';
import { collect, paginate, type Page } from '../../src/api/paging.js';

/** A list of `total` numbers served in pages, recording every (skip, take) asked for. */
function service(total: number, options: { totalPages?: boolean } = {}) {
  const asked: Array<[number, number]> = [];
  const fetchPage = async (skip: number, take: number): Promise<Page<number>> => {
    asked.push([skip, take]);
    const items = Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) => skip + i);
    return { items, totalPages: options.totalPages ? Math.ceil(total / take) : undefined };
  };
  return { asked, fetchPage };
}

describe('paginate', () => {
  it('reads every page and stops at the short one', async () => {
    const { asked, fetchPage } = service(7);
    expect(await collect(paginate(fetchPage, { pageSize: 3 }))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
  });

  it('a full last page costs one more request without total_pages, none with it', async () => {
    const without = service(6);
    await collect(paginate(without.fetchPage, { pageSize: 3 }));
    expect(without.asked).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
    const withTotal = service(6, { totalPages: true });
    await collect(paginate(withTotal.fetchPage, { pageSize: 3 }));
    expect(withTotal.asked).toEqual([
      [0, 3],
      [3, 3],
    ]);
  });

  it('a limit asks only for what it needs', async () => {
    const { asked, fetchPage } = service(100);
    expect(await collect(paginate(fetchPage, { pageSize: 3, limit: 5 }))).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toEqual([
      [0, 3],
      [3, 2],
    ]);
  });

  it('a page longer than asked for (a server that ignores take) is cut at the limit', async () => {
    const fetchPage = async (): Promise<Page<number>> => ({ items: [1, 2, 3, 4], totalPages: 0 });
    expect(await collect(paginate(fetchPage, { pageSize: 50, limit: 2 }))).toEqual([1, 2]);
  });

  it('after the first page, the rest come `concurrency` at a time, handed out in order', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const fetchPage = async (skip: number, take: number): Promise<Page<number>> => {
      asked.push(skip);
      inFlight++;
      most = Math.max(most, inFlight);
      // Later pages answer sooner: the order must come from the walker, not from the network.
      await new Promise((resolve) => setTimeout(resolve, 30 - (skip / take) * 2));
      inFlight--;
      const items = Array.from({ length: Math.max(0, Math.min(take, 40 - skip)) }, (_, i) => skip + i);
      return { items, totalPages: Math.ceil(40 / take) };
    };
    expect(await collect(paginate(fetchPage, { pageSize: 3, concurrency: 4 }))).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
    expect(most).toBe(4);
    expect(asked).toHaveLength(14); // ceil(40 / 3) pages, each once
    asked.length = 0;
    expect(await collect(paginate(fetchPage, { pageSize: 3, concurrency: 4, limit: 10 }))).toEqual(
      Array.from({ length: 10 }, (_, i) => i),
    );
    expect(asked).toEqual([0, 3, 6, 9]);
  });

  it('a failed page fails the walk, whichever page it is', async () => {
    const fetchPage = async (skip: number, take: number): Promise<Page<number>> => {
      if (skip === 6) throw new Error('page 3 failed');
      return { items: Array.from({ length: take }, (_, i) => skip + i), totalPages: 5 };
    };
    await expect(collect(paginate(fetchPage, { pageSize: 3, concurrency: 3 }))).rejects.toThrow('page 3 failed');
  });
});

describe('paginate against pages that do not advance', () => {
  /** A proxy that ignores the query: every request gets the first page. */
  const stuck =
    (totalPages?: number) =>
    async (_skip: number, take: number): Promise<Page<number>> => ({
      items: Array.from({ length: take }, (_, i) => i),
      totalPages,
    });

  it.each([
    ['without total_pages (one page after another)', undefined, 1],
    ['with total_pages (pages at once)', 1000, 12],
  ])('%s: stops at the second page with exit 3 naming what happened', async (_, totalPages, concurrency) => {
    const walk = collect(paginate(stuck(totalPages), { pageSize: 3, concurrency }));
    await expect(walk).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringContaining('page 2 repeats page 1'),
    });
  });
});
