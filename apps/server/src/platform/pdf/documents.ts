import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createWorkerPool, defaultPoolSize, type WorkerPool, type WorkerScript } from '../workers/pool.js';
import type { Storage } from '../storage/storage.js';
import type { FromDocumentWorker, ToDocumentWorker } from './document.worker.js';

/**
 * PDF documents off the event loop (docs/decisions/0052). Laying out a page (fontkit shaping Arabic, subsetting
 * the font, writing the file) is tens of milliseconds of CPU that used to run on the event loop: twenty at once
 * held `/api/health` for seconds. Now a pool of worker threads (platform/workers) lays them out, taking turns
 * between the members who asked, and a document that cannot change anymore is kept in storage and served again.
 */

/** A module of layouts: `bundled` is its file next to dist/main.js (build.mjs), `source` its TypeScript file. */
export type LayoutModule = WorkerScript;
/** A layout: plain, cloneable arguments in, the PDF's bytes out. */
export type Layout = (...args: never[]) => Promise<Uint8Array>;

export interface DocumentRenderer {
  /** Lays out `name` of `module` with `args` in a worker, `owner`'s turn among the others. */
  render<F extends Layout>(owner: string, module: LayoutModule, name: string, args: Parameters<F>): Promise<Uint8Array>;
  /** Documents laid out since the start (the cache's tests and the bench count them). */
  readonly rendered: number;
  /** Documents waiting for a worker. */
  waiting(): number;
  close(): Promise<void>;
}

/** Each document worker's heap: a page with two embedded fonts needs a few tens of MB. */
const WORKER_HEAP_MB = 128;

const moduleUrl = (module: LayoutModule) => (import.meta.url.endsWith('.ts') ? module.source.href : new URL(`./${module.bundled}.js`, import.meta.url).href);

export function createDocumentRenderer(size = defaultPoolSize()): DocumentRenderer {
  const pool: WorkerPool = createWorkerPool({
    name: 'document',
    size,
    heapMb: WORKER_HEAP_MB,
    script: { bundled: 'document-worker', source: new URL('./document.worker.ts', import.meta.url) },
  });
  let rendered = 0;
  return {
    render(owner, module, name, args) {
      return pool.run(owner, (worker) => {
        const answer = new Promise<Uint8Array>((resolve, reject) => {
          worker.onMessage((m) => {
            const reply = m as unknown as FromDocumentWorker;
            if (reply.ok) resolve(reply.bytes);
            else reject(new Error(`document layout failed: ${reply.message}`));
          });
          worker.onExit(reject);
        });
        worker.post({ task: worker.task, module: moduleUrl(module), name, args } satisfies ToDocumentWorker);
        rendered++;
        return answer;
      });
    },
    get rendered() {
      return rendered;
    },
    waiting: () => pool.waiting(),
    close: () => pool.close(),
  };
}

let shared: DocumentRenderer | null = null;
/** The process's renderer, made on first use. */
export function documentRenderer(): DocumentRenderer {
  shared ??= createDocumentRenderer();
  return shared;
}

/**
 * A short digest of everything a document shows (and the version of its layout): part of the stored copy's key,
 * so a copy is only ever served for exactly what it was made from.
 */
export function contentDigest(layoutVersion: number, content: unknown): string {
  return createHash('sha256').update(JSON.stringify([layoutVersion, content])).digest('base64url').slice(0, 22);
}

const making = new Map<string, Promise<Uint8Array>>();

/**
 * A document that cannot change, kept once laid out (docs/decisions/0052): the copy in storage under `key`
 * (which names what makes it unchangeable), else `render` once, however many ask at the same moment, and
 * store it. A store that fails to write only costs a later render.
 */
export async function keptDocument(storage: Storage, key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const stored = await storage.get(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
  let pending = making.get(key);
  if (!pending) {
    pending = (async () => {
      const bytes = await render();
      await storage.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])).catch(() => undefined);
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}
