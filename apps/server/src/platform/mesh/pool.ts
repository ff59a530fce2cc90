import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MeshKind } from './analyse.js';
import type { ToWorker } from './mesh.worker.js';
import type { MeshResult } from './types.js';

/**
 * Mesh analysis off the event loop (docs/decisions/0026): a few long-lived worker threads, each taking
 * one file at a time from a queue. The main thread reads the file from storage (local folder or S3, the
 * same `Storage` stream either way) and hands its chunks over; at most `IN_FLIGHT` chunks wait in the
 * worker, so memory stays flat whatever the file's size. A worker that dies (out of its memory limit, a
 * bug) fails only the file it was reading and is replaced.
 */

const IN_FLIGHT = 4;
/** Each worker's own heap limit: a hostile file cannot take the server's memory. */
const WORKER_HEAP_MB = 256;

export interface MeshAnalyser {
  analyse(kind: MeshKind, size: number, body: Readable): Promise<MeshResult>;
  close(): Promise<void>;
}

/** In the bundle (dist/main.js) the worker is dist/mesh-worker.js; from source (tests, tsx) the .ts file, loaded through tsx. */
function spawnWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./mesh-worker.js', import.meta.url), options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./mesh.worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
}

interface Job {
  kind: MeshKind;
  size: number;
  body: Readable;
  resolve(result: MeshResult): void;
  reject(error: Error): void;
}

class Slot {
  private worker: Worker | null = null;
  private listener: ((message: { type: 'ack' | 'result'; task: number; result?: MeshResult }) => void) | null = null;
  private onExit: ((error: Error) => void) | null = null;
  private task = 0;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker();
    worker.unref(); // an idle worker never holds the process open
    worker.on('message', (m) => this.listener?.(m));
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.onExit?.(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`mesh worker stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  async run(job: Job): Promise<MeshResult> {
    const worker = this.ensure();
    const task = ++this.task;
    let acked = 0;
    let sent = 0;
    let wake: (() => void) | null = null;
    let settled = false;
    const outcome = new Promise<MeshResult>((resolve) => {
      this.listener = (m) => {
        if (m.task !== task) return;
        if (m.type === 'ack') {
          acked++;
          wake?.();
        } else {
          settled = true;
          resolve(m.result!);
          wake?.();
        }
      };
      this.onExit = (error) => {
        settled = true;
        // The worker died on this file (its heap limit, most likely): the file is what failed.
        resolve({ ok: false, error: 'unreadable', detail: `The check stopped: ${error.message}.` });
        wake?.();
      };
    });
    worker.ref();
    try {
      worker.postMessage({ type: 'start', task, kind: job.kind, size: job.size } satisfies ToWorker);
      for await (const chunk of job.body as AsyncIterable<Buffer>) {
        if (settled) break;
        // A copy the worker owns (a stream's Buffer may share its memory with others).
        const data = new Uint8Array(chunk);
        worker.postMessage({ type: 'chunk', task, data } satisfies ToWorker, [data.buffer]);
        sent++;
        while (!settled && sent - acked >= IN_FLIGHT) await new Promise<void>((r) => (wake = r));
      }
      if (!settled) worker.postMessage({ type: 'end', task } satisfies ToWorker);
      return await outcome;
    } catch (error) {
      // Reading from storage failed: no answer about the file (the caller retries later).
      this.task++; // the worker drops the rest of this task
      throw error;
    } finally {
      job.body.destroy();
      this.listener = null;
      this.onExit = null;
      this.worker?.unref();
    }
  }

  close() {
    const worker = this.worker;
    this.worker = null;
    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }
}

export function createMeshAnalyser(size = Math.max(1, Math.min(2, availableParallelism() - 1))): MeshAnalyser {
  const idle: Slot[] = Array.from({ length: size }, () => new Slot());
  const queue: Job[] = [];
  const next = () => {
    while (idle.length && queue.length) {
      const slot = idle.pop()!;
      const job = queue.shift()!;
      slot
        .run(job)
        .then(job.resolve, job.reject)
        .finally(() => {
          idle.push(slot);
          next();
        });
    }
  };
  const all = [...idle];
  return {
    analyse(kind, bytes, body) {
      return new Promise((resolve, reject) => {
        queue.push({ kind, size: bytes, body, resolve, reject });
        next();
      });
    },
    async close() {
      for (const job of queue.splice(0)) {
        job.body.destroy();
        job.reject(new Error('mesh analyser closed'));
      }
      await Promise.all(all.map((s) => s.close()));
    },
  };
}

let shared: MeshAnalyser | null = null;
/** The process's analyser, made on first use. */
export function meshAnalyser(): MeshAnalyser {
  shared ??= createMeshAnalyser();
  return shared;
}
