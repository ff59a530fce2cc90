import { describe, expect, it } from 'vitest';
import { FairQueue } from './pool.js';

/** The workers' queue (docs/decisions/0052): owners take turns, whoever queued most. */
describe('fair queue between owners', () => {
  /** Starts what the queue gives while `slots` are free, finishing the oldest running job when none is. */
  function run(queue: FairQueue<string>, slots: number, jobs: number) {
    const started: string[] = [];
    const running: Array<{ owner: string }> = [];
    while (started.length < jobs) {
      const next = running.length < slots ? queue.take() : null;
      if (next) {
        started.push(next.job);
        running.push(next);
      } else queue.done(running.shift()!.owner);
    }
    return started;
  }

  it("gives B's one job the next turn after A's first, before A's second and third", () => {
    const queue = new FairQueue<string>();
    for (const job of ['A1', 'A2', 'A3']) queue.push('A', job);
    queue.push('B', 'B1');
    expect(queue.size).toBe(4);
    expect(run(queue, 1, 4)).toEqual(['A1', 'B1', 'A2', 'A3']);
    expect(queue.take()).toBeNull();
  });

  it('with two workers, an owner with nothing running goes before one with a job running', () => {
    const queue = new FairQueue<string>();
    for (const job of ['A1', 'A2', 'A3', 'A4']) queue.push('A', job);
    queue.push('B', 'B1');
    queue.push('B', 'B2');
    queue.push('C', 'C1');
    expect(run(queue, 2, 7)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4']);
  });

  it('keeps one owner\'s own jobs in the order they came, and forgets owners with nothing left', () => {
    const queue = new FairQueue<string>();
    queue.push('A', 'A1');
    const first = queue.take()!;
    queue.done(first.owner);
    queue.push('A', 'A2');
    queue.push('A', 'A3');
    expect(run(queue, 1, 2)).toEqual(['A2', 'A3']);
    expect(queue.drain()).toEqual([]);
  });
});
