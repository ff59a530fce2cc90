import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer was sent (a reset e-mail, a sign-in alert), so that how long a request
 * takes says nothing about what it found. A failure is logged, never thrown; closing the app waits
 * for what is still running.
 */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves once everything started so far has finished (app close; tests). */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      // setImmediate: the work starts after the current request has written its answer.
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
