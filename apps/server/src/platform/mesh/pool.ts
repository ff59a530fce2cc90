import type { Readable } from 'node:stream';
import { createWorkerPool, defaultPoolSize, type WorkerJob } from '../workers/pool.js';
import type { MeshKind } from './analyse.js';
import type { ToWorker } from './mesh.worker.js';
import type { MeshResult } from './types.js';

/**
 * Mesh analysis off the event loop (docs/decisions/0026): a few long-lived worker threads (platform/workers),
 * each taking one file at a time from a queue that is fair between owners (docs/decisions/0052: one account's
 * ZIPs cannot delay another's scan check). The main thread reads the file from storage (local folder or S3,
 * the same `Storage` stream either way) and hands its chunks over; at most `IN_FLIGHT` chunks wait in the
 * worker, so memory stays flat whatever the file's size. A worker that dies (out of its memory limit, a bug)
 * fails only the file it was reading and is replaced.
 */

const IN_FLIGHT = 4;
/** Each worker's own heap limit: a hostile file cannot take the server's memory. */
const WORKER_HEAP_MB = 256;

export interface MeshAnalyser {
  /** `owner`: whose file it is (the uploader's id); files of different owners take turns. */
  analyse(kind: MeshKind, size: number, body: Readable, owner?: string): Promise<MeshResult>;
  /** Files waiting for a worker. */
  waiting(): number;
  close(): Promise<void>;
}

/** One file through one worker: chunks out, acknowledgements back, then the answer. */
async function analyseOn(worker: WorkerJob, kind: MeshKind, size: number, body: Readable): Promise<MeshResult> {
  const { task } = worker;
  let acked = 0;
  let sent = 0;
  let wake: (() => void) | null = null;
  let settled = false;
  const outcome = new Promise<MeshResult>((resolve) => {
    worker.onMessage((m) => {
      if (m.type === 'ack') {
        acked++;
        wake?.();
      } else {
        settled = true;
        resolve(m.result as MeshResult);
        wake?.();
      }
    });
    worker.onExit((error) => {
      settled = true;
      // The worker died on this file (its heap limit, most likely): the file is what failed.
      resolve({ ok: false, error: 'unreadable', detail: `The check stopped: ${error.message}.` });
      wake?.();
    });
  });
  try {
    worker.post({ type: 'start', task, kind, size } satisfies ToWorker);
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (settled) break;
      // A copy the worker owns (a stream's Buffer may share its memory with others).
      const data = new Uint8Array(chunk);
      worker.post({ type: 'chunk', task, data } satisfies ToWorker, [data.buffer]);
      sent++;
      while (!settled && sent - acked >= IN_FLIGHT) await new Promise<void>((r) => (wake = r));
    }
    if (!settled) worker.post({ type: 'end', task } satisfies ToWorker);
    // Reading from storage failing (above) is no answer about the file: it rejects, and the caller retries later.
    return await outcome;
  } finally {
    body.destroy();
  }
}

export function createMeshAnalyser(size = defaultPoolSize()): MeshAnalyser {
  const pool = createWorkerPool({ name: 'mesh', size, heapMb: WORKER_HEAP_MB, script: { bundled: 'mesh-worker', source: new URL('./mesh.worker.ts', import.meta.url) } });
  return {
    analyse(kind, bytes, body, owner = '') {
      return pool.run(owner, (worker) => analyseOn(worker, kind, bytes, body)).catch((error: unknown) => {
        body.destroy(); // refused before it ran (the pool closed)
        throw error;
      });
    },
    waiting: () => pool.waiting(),
    close: () => pool.close(),
  };
}

let shared: MeshAnalyser | null = null;
/** The process's analyser, made on first use. */
export function meshAnalyser(): MeshAnalyser {
  shared ??= createMeshAnalyser();
  return shared;
}
