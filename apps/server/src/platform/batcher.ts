/**
 * Group work that arrives together (docs/decisions/0058). Items added while the batcher is idle are gathered until
 * the next turn of the event loop (setImmediate: every socket event and request of this turn joins), then run as one
 * batch; items that arrive while a batch runs wait and form the next one. Batches run one at a time, in arrival
 * order, so a writer keeps the order its callers wrote in and a quiet caller waits for nothing but one turn.
 *
 * The chat's group commit (docs/decisions/0046) and the notification relay (docs/decisions/0027) use it; the
 * participant look-up, which needs no order and may overlap, uses DataLoader.
 */
export interface BatcherOptions<T, R> {
  /**
   * Does one batch and answers one result per item, in the items' order. An Error in an item's place rejects that
   * item's caller only; a rejection rejects every caller of the batch.
   */
  run(items: T[]): Promise<ReadonlyArray<R | Error>>;
  /** At most this many items in one batch; the rest wait for the next. */
  maxBatch?: number;
  /**
   * After a batch of `ran` items, with `waiting` items queued: how long to let the next batch gather (ms, 0 for not
   * at all). Fewer, larger batches, when a batch costs about the same whatever its size.
   */
  pauseAfter?(ran: number, waiting: number): number;
}

export interface Batcher<T, R> {
  /** Queues the item; settles with its result once its batch has run. */
  add(item: T): Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createBatcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  const { run, maxBatch = Infinity, pauseAfter } = options;
  let queue: Array<Waiting<T, R>> = [];
  let draining = false;

  const runBatch = async (batch: Array<Waiting<T, R>>) => {
    let results: ReadonlyArray<R | Error>;
    try {
      results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`A batch of ${batch.length} items answered ${results.length} results`);
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const result = results[i]!;
      if (result instanceof Error) w.reject(result);
      else w.resolve(result);
    });
  };

  const drain = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
        queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
        await runBatch(batch);
        const pause = pauseAfter?.(batch.length, queue.length) ?? 0;
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      }
    } finally {
      draining = false;
    }
  };

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!draining) {
          draining = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
