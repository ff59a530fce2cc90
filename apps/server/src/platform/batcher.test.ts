import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

/** Resolves after the batcher's turn (setImmediate) and the runs it started have settled. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('runs what arrives in one turn as one batch, and answers each caller its own result in order', async () => {
    const runs: number[][] = [];
    const batcher = createBatcher<number, string>({
      run: async (items) => {
        runs.push(items);
        return items.map((n) => `#${n}`);
      },
    });
    const answers = [1, 2, 3, 4].map((n) => batcher.add(n));
    expect(runs).toEqual([]); // nothing runs in the turn that added
    expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4']);
    expect(runs).toEqual([[1, 2, 3, 4]]);

    // A later turn is a batch of its own.
    expect(await batcher.add(5)).toBe('#5');
    expect(runs).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('runs one batch at a time: what arrives meanwhile waits and is the next batch, in arrival order', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    let running = 0;
    let most = 0;
    const batcher = createBatcher<string, string>({
      run: async (items) => {
        runs.push(items);
        running += 1;
        most = Math.max(most, running);
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
        return items;
      },
    });
    const first = batcher.add('a');
    await nextTurn(); // the first batch is running and held
    const later = ['b', 'c', 'd'].map((item) => batcher.add(item));
    await nextTurn();
    await nextTurn();
    expect(runs).toEqual([['a']]); // b, c and d wait for it
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c', 'd']);
    expect(runs).toEqual([['a'], ['b', 'c', 'd']]);
    expect(most).toBe(1);
  });

  it('a failed batch rejects every caller of that batch, and the next batch still runs', async () => {
    let fail = true;
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        if (fail) throw new Error('database down');
        return items;
      },
    });
    const failed = [batcher.add(1), batcher.add(2)];
    for (const answer of failed) await expect(answer).rejects.toThrow('database down');
    fail = false;
    expect(await batcher.add(3)).toBe(3);
  });

  it('an Error in an item’s place rejects that caller only', async () => {
    const batcher = createBatcher<number, number>({
      run: async (items) => items.map((n) => (n % 2 === 0 ? new Error(`even ${n}`) : n)),
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((n) => batcher.add(n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([1, 'even 2', 3, 'even 4']);
  });

  it('a run that answers the wrong number of results fails its callers rather than misroute an answer', async () => {
    const batcher = createBatcher<number, number>({ run: async (items) => items.slice(1) });
    const answers = [batcher.add(1), batcher.add(2)];
    for (const answer of answers) await expect(answer).rejects.toThrow('A batch of 2 items answered 1 results');
  });

  it('splits at maxBatch and pauses as pauseAfter says before the next batch', async () => {
    const runs: number[][] = [];
    const pauses: Array<[number, number]> = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        runs.push(items);
        return items;
      },
      maxBatch: 2,
      pauseAfter: (ran, waiting) => {
        pauses.push([ran, waiting]);
        return ran === 2 ? 5 : 0;
      },
    });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
    expect(pauses).toEqual([
      [2, 3],
      [2, 1],
      [1, 0],
    ]);
  });
});
