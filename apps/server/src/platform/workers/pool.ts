import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';

/**
 * Work off the event loop (docs/decisions/0026, 0052): a few long-lived worker threads of one script, each
 * running one job at a time, and a queue that is fair between owners. The mesh checks and the PDF documents
 * each have a pool of this kind, so a long scan never holds up a receipt and neither blocks `/api/health`.
 *
 * The queue is per owner (an account): a free slot goes to the owner with the fewest jobs running, and among
 * those to the one served least recently, so one account's ten jobs cannot delay another's one by more than
 * the job already running.
 *
 * A job talks to its worker through `post` and `onMessage`; every message in both directions carries the
 * job's `task` number, so what a worker says about a job given up is dropped. A worker that dies (its heap
 * limit, a bug) ends only the job it was running (`onExit`) and is replaced for the next.
 */

export interface WorkerJob {
  /** This job's number: put it in every message to the worker; the worker's replies carry it too. */
  readonly task: number;
  post<M extends { task: number }>(message: M, transfer?: readonly Transferable[]): void;
  /** The worker's messages about this job. */
  onMessage(listener: (message: { task: number } & Record<string, unknown>) => void): void;
  /** The worker died while running this job. */
  onExit(listener: (error: Error) => void): void;
}

export interface WorkerPool {
  /** Runs `job` on a worker when the owner's turn comes; its answer or its error. */
  run<T>(owner: string, job: (worker: WorkerJob) => Promise<T>): Promise<T>;
  /** Jobs waiting for a worker (not those running). */
  waiting(): number;
  /** Refuses what waits and stops the workers. */
  close(): Promise<void>;
}

export interface WorkerScript {
  /** The bundled file next to dist/main.js (build.mjs names it), e.g. `mesh-worker`. */
  bundled: string;
  /** The TypeScript source (tests, tsx), loaded through tsx. */
  source: URL;
}

/** One or two threads: the machine keeps a core for the event loop. */
export const defaultPoolSize = () => Math.max(1, Math.min(2, availableParallelism() - 1));

function spawn(script: WorkerScript, heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${script.bundled}.js`, import.meta.url), options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = script.source.href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
}

class Slot {
  private worker: Worker | null = null;
  /** The worker the current job runs on (it may die, or be stopped by `close`, meanwhile). */
  private busy: Worker | null = null;
  private listener: ((message: { task: number } & Record<string, unknown>) => void) | null = null;
  private exitListener: ((error: Error) => void) | null = null;
  private task = 0;

  constructor(
    private readonly script: WorkerScript,
    private readonly heapMb: number,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn(this.script, this.heapMb);
    worker.unref(); // an idle worker never holds the process open
    worker.on('message', (m: { task: number } & Record<string, unknown>) => {
      if (m?.task === this.task) this.listener?.(m);
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      if (this.busy === worker) this.exitListener?.(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`worker stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  async run<T>(job: (worker: WorkerJob) => Promise<T>): Promise<T> {
    const worker = this.ensure();
    const task = ++this.task;
    this.busy = worker;
    worker.ref();
    try {
      return await job({
        task,
        post: (message, transfer) => worker.postMessage(message, transfer),
        onMessage: (listener) => (this.listener = listener),
        onExit: (listener) => (this.exitListener = listener),
      });
    } finally {
      this.task++; // whatever the worker still says about this job is dropped
      this.busy = null;
      this.listener = null;
      this.exitListener = null;
      this.worker?.unref();
    }
  }

  close() {
    const worker = this.worker;
    this.worker = null;
    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }
}

/**
 * Jobs waiting, by owner. `take` picks the owner with the fewest jobs running, then the one whose last job
 * started longest ago (an owner never served first), then the one that has waited longest; its oldest job.
 */
export class FairQueue<J> {
  private readonly jobs = new Map<string, J[]>();
  private readonly running = new Map<string, number>();
  private readonly lastStart = new Map<string, number>();
  private tick = 0;

  get size() {
    let n = 0;
    for (const list of this.jobs.values()) n += list.length;
    return n;
  }

  push(owner: string, job: J) {
    const list = this.jobs.get(owner);
    if (list) list.push(job);
    else this.jobs.set(owner, [job]); // a Map keeps insertion order: owners that waited longest come first
  }

  /** The next job to start and its owner (counted as running until `done`), or null when nothing waits. */
  take(): { owner: string; job: J } | null {
    let best: string | null = null;
    for (const owner of this.jobs.keys()) {
      if (best === null) {
        best = owner;
        continue;
      }
      const running = (this.running.get(owner) ?? 0) - (this.running.get(best) ?? 0);
      if (running < 0 || (running === 0 && (this.lastStart.get(owner) ?? -1) < (this.lastStart.get(best) ?? -1))) best = owner;
    }
    if (best === null) return null;
    const list = this.jobs.get(best)!;
    const job = list.shift()!;
    if (list.length === 0) this.jobs.delete(best);
    this.running.set(best, (this.running.get(best) ?? 0) + 1);
    this.lastStart.set(best, ++this.tick);
    return { owner: best, job };
  }

  done(owner: string) {
    const left = (this.running.get(owner) ?? 1) - 1;
    if (left > 0) this.running.set(owner, left);
    else {
      this.running.delete(owner);
      // Forget owners with nothing queued or running, so the maps stay as small as the current work.
      if (!this.jobs.has(owner)) this.lastStart.delete(owner);
    }
  }

  /** Everything waiting, removed. */
  drain(): J[] {
    const all = [...this.jobs.values()].flat();
    this.jobs.clear();
    return all;
  }
}

interface Queued {
  job: (worker: WorkerJob) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export function createWorkerPool(options: { script: WorkerScript; size?: number; heapMb?: number; name: string }): WorkerPool {
  const slots = Array.from({ length: options.size ?? defaultPoolSize() }, () => new Slot(options.script, options.heapMb ?? 256));
  const idle = [...slots];
  const queue = new FairQueue<Queued>();
  let closed = false;
  const next = () => {
    while (idle.length) {
      const taken = queue.take();
      if (!taken) return;
      const slot = idle.pop()!;
      const { owner, job } = taken;
      slot
        .run(job.job)
        .then(job.resolve, job.reject)
        .finally(() => {
          queue.done(owner);
          idle.push(slot);
          next();
        });
    }
  };
  return {
    run<T>(owner: string, job: (worker: WorkerJob) => Promise<T>) {
      if (closed) return Promise.reject(new Error(`${options.name} pool closed`));
      return new Promise<T>((resolve, reject) => {
        queue.push(owner, { job, resolve: resolve as (value: unknown) => void, reject });
        next();
      });
    },
    waiting: () => queue.size,
    async close() {
      closed = true;
      for (const job of queue.drain()) job.reject(new Error(`${options.name} pool closed`));
      await Promise.all(slots.map((s) => s.close()));
    },
  };
}
