import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { blockedPdf } from '../../../test/blocking-layout.js';
import { eventually, signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { designerWithService, GOOD_CARD } from '../../../test/orders.js';
import { createDocumentRenderer, documentRenderer, type LayoutModule } from '../../platform/pdf/documents.js';
import { LIMITS } from '../../platform/rate-limit/limits.js';

/**
 * PDFs off the event loop, kept once they cannot change, and limited per member (docs/decisions/0052), through
 * the HTTP API: the documents' workers are real worker threads, the kept copies real files in the test's storage.
 */
const { app } = await useTestApp();

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function pdfText(payload: Buffer) {
  const bytes = new Uint8Array(payload);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
}

async function paidOrder() {
  const { designer, service } = await designerWithService(app);
  const buyer = await signUpAndLogin(app);
  const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
  expect((await call(buyer, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: intent._id })).statusCode).toBe(200);
  return { designer, buyer, orderId: intent.orderId as string, paymentId: intent._id as string };
}

const now = new Date();
const THIS_MONTH = now.toISOString().slice(0, 7);
const LAST_MONTH = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
const rendered = () => documentRenderer().rendered;

describe('PDF documents (docs/decisions/0052)', () => {
  it('keeps a receipt once laid out: served again without a render, to its readers only; a credit note makes it a new document', async () => {
    const o = await paidOrder();
    const url = `/api/payments/${o.paymentId}/receipt.pdf`;
    const before = rendered();
    const first = await call(o.buyer, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(rendered()).toBe(before + 1);
    // The designer and the buyer again: the kept copy, byte for byte.
    for (const reader of [o.designer, o.buyer]) {
      const again = await call(reader, 'GET', url);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(rendered()).toBe(before + 1);
    expect(await pdfText(first.rawPayload)).toContain('Total paid');
    // Kept or not, a stranger is refused.
    expect((await call(await signUpAndLogin(app), 'GET', url)).statusCode).toBe(403);
    // Arabic is a document of its own.
    expect((await call(o.buyer, 'GET', `${url}?lang=ar`)).statusCode).toBe(200);
    expect(rendered()).toBe(before + 2);

    // Cancelled: a credit note now appears on the receipt, which is laid out anew.
    expect((await call(o.buyer, 'POST', `/api/orders/${o.orderId}/cancel`, { reason: 'The patient moved away.' })).statusCode).toBe(200);
    const billing = (await call(o.buyer, 'GET', '/api/billing')).json() as { documents: Array<{ kind: string; number: string; pdfUrl: string }> };
    const note = billing.documents.find((d) => d.kind === 'credit_note')!;
    const updated = await call(o.buyer, 'GET', url);
    expect(rendered()).toBe(before + 3);
    expect(await pdfText(updated.rawPayload)).toContain(note.number);
    // The credit note itself is kept too.
    for (let i = 0; i < 2; i++) expect((await call(o.buyer, 'GET', note.pdfUrl)).statusCode).toBe(200);
    expect(rendered()).toBe(before + 4);
  });

  it("keeps a closed month's statement, and lays out the current month's each time", async () => {
    const designer = await signUpDesigner(app);
    const before = rendered();
    for (let i = 0; i < 2; i++) {
      const res = await call(designer, 'GET', `/api/statements/${LAST_MONTH}.pdf`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await pdfText(res.rawPayload)).toContain(LAST_MONTH);
    }
    expect(rendered()).toBe(before + 1);
    for (let i = 0; i < 2; i++) expect((await call(designer, 'GET', `/api/statements/${THIS_MONTH}.pdf`)).statusCode).toBe(200);
    expect(rendered()).toBe(before + 3);
  });

  it('lays documents out off the event loop: /api/health is answered while layouts are still running, then they finish', async () => {
    // Layouts that block their thread until released: on the event loop, health could not answer before that.
    const renderer = createDocumentRenderer(2);
    const blocking: LayoutModule = { bundled: 'blocking-layout', source: new URL('../../../test/blocking-layout.ts', import.meta.url) };
    const cells = new Int32Array(new SharedArrayBuffer(8));
    try {
      const order: string[] = [];
      const layouts = Array.from({ length: 3 }, (_, i) =>
        renderer.render<typeof blockedPdf>('member', blocking, 'blockedPdf', [cells.buffer as SharedArrayBuffer]).then((bytes) => {
          order.push(`pdf ${i}`);
          return new TextDecoder().decode(bytes);
        }),
      );
      // Both workers are inside a layout, the third waits for one.
      await eventually(async () => Atomics.load(cells, 1), (started) => started === 2);
      expect(renderer.waiting()).toBe(1);
      const health = await call(null, 'GET', '/api/health');
      order.push('health');
      expect(health.statusCode).toBe(200);
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
      // Released, not timed out (the third started after the release: it never waited).
      expect(await Promise.all(layouts)).toEqual(['ok', 'ok', 'not-equal']);
      expect(order[0]).toBe('health');
    } finally {
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
      await renderer.close();
    }
  });

  it('answers /api/health at once while a member has real PDFs laying out', async () => {
    // A new account with no orders asks for its current statement (never kept) many times at once.
    const designer = await signUpDesigner(app);
    const N = 12;
    let finished = 0;
    const pdfs = Array.from({ length: N }, () =>
      call(designer, 'GET', `/api/statements/${THIS_MONTH}.pdf`).then((res) => {
        finished++;
        return res;
      }),
    );
    // Wait until the workers have them queued, then ask for health.
    for (let i = 0; i < 1000 && documentRenderer().waiting() === 0 && finished < N; i++) await new Promise((r) => setTimeout(r, 5));
    const health = await call(null, 'GET', '/api/health');
    const stillRendering = N - finished;
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    // Health was answered while documents were still being laid out in the workers (the test above shows it cannot
    // be held by one; here real layouts, whose speed depends on the machine, so only "not after all of them").
    expect(stillRendering).toBeGreaterThan(0);
    for (const res of await Promise.all(pdfs)) {
      expect(res.statusCode).toBe(200);
      expect(await pdfText(res.rawPayload)).toContain(THIS_MONTH);
    }
  });

  it(`refuses a member's PDF past ${LIMITS.documentsUser.points} in ${LIMITS.documentsUser.seconds / 60} minutes with 429 RATE_LIMITED; others still get theirs`, async () => {
    const o = await paidOrder();
    const url = `/api/payments/${o.paymentId}/receipt.pdf`;
    for (let i = 0; i < LIMITS.documentsUser.points; i++) expect((await call(o.buyer, 'GET', url)).statusCode).toBe(200);
    const refused = await call(o.buyer, 'GET', url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many PDF documents') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Every kind of PDF counts against the same limit.
    expect((await call(o.buyer, 'GET', `/api/orders/${o.orderId}/prescription.pdf`)).statusCode).toBe(429);
    expect((await call(o.buyer, 'GET', `/api/statements/${THIS_MONTH}.pdf`)).statusCode).toBe(429);
    // The designer of the same order is not held back by the buyer.
    expect((await call(o.designer, 'GET', url)).statusCode).toBe(200);
  });
});
