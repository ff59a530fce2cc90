import { parentPort } from 'node:worker_threads';

/**
 * The document worker (docs/decisions/0052): lays out PDFs off the event loop. Each request names a module of
 * layouts (a module's own file, e.g. modules/billing/billing-pdf.ts, bundled as dist/billing-pdf.js) and the
 * function to call with plain, cloneable arguments; the PDF's bytes go back transferred, not copied. The module
 * is loaded once per worker (pdf-lib, fontkit and the fonts with it).
 */
export interface ToDocumentWorker {
  task: number;
  module: string;
  name: string;
  args: unknown[];
}

export type FromDocumentWorker = { task: number; ok: true; bytes: Uint8Array } | { task: number; ok: false; message: string };

type Layouts = Record<string, (...args: unknown[]) => Promise<Uint8Array>>;
const modules = new Map<string, Promise<Layouts>>();

parentPort!.on('message', async ({ task, module, name, args }: ToDocumentWorker) => {
  try {
    let loaded = modules.get(module);
    if (!loaded) modules.set(module, (loaded = import(module) as Promise<Layouts>));
    const layout = (await loaded)[name];
    if (typeof layout !== 'function') throw new Error(`${module} has no layout ${name}`);
    const bytes = await layout(...args);
    parentPort!.postMessage({ task, ok: true, bytes } satisfies FromDocumentWorker, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ task, ok: false, message: (error as Error)?.message ?? String(error) } satisfies FromDocumentWorker);
  }
});
