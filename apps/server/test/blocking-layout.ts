/**
 * A document layout for the tests of the document workers (docs/decisions/0052): it counts itself started in
 * `cells[1]`, then blocks its thread until the test stores 1 in `cells[0]` (or 20 s pass), and answers how it
 * ended: "ok" (released), "not-equal" (released before it started) or "timed-out". Run on the event loop
 * instead of a worker, it would hold every request until then.
 */
export async function blockedPdf(shared: SharedArrayBuffer): Promise<Uint8Array> {
  const cells = new Int32Array(shared);
  Atomics.add(cells, 1, 1);
  const outcome = Atomics.wait(cells, 0, 0, 20_000);
  return new TextEncoder().encode(outcome);
}
