import { parentPort } from 'node:worker_threads';
import { createParser, type MeshKind, type MeshParser } from './analyse.js';

/**
 * The mesh worker (docs/decisions/0026): one file at a time, its bytes arriving as chunks from the main
 * thread, which reads them from storage. Each chunk is acknowledged, so the main thread never has more
 * than a few in flight; the answer follows the last chunk.
 */
export type ToWorker =
  | { type: 'start'; task: number; kind: MeshKind; size: number }
  | { type: 'chunk'; task: number; data: Uint8Array }
  | { type: 'end'; task: number };

let task = -1;
let parser: MeshParser | null = null;

parentPort!.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    task = message.task;
    parser = createParser(message.kind, message.size);
    return;
  }
  if (message.task !== task || !parser) return; // what was left of a task given up
  if (message.type === 'chunk') {
    parser.push(message.data);
    parentPort!.postMessage({ type: 'ack', task });
    return;
  }
  const result = parser.end();
  parser = null;
  parentPort!.postMessage({ type: 'result', task, result });
});
