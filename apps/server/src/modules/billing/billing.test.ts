import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it } from 'vitest';
import { creditNotes, ledgerEntries, payments, receipts, users } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, endPayoutHold, expectLedgerBalanced, GOOD_CARD, savePayoutDetails } from '../../../test/orders.js';
import { applyAdminCommand } from '../admin/index.js';
import { coursesApi } from '../courses/test-support.js';
import { bookOrderPayment } from '../ledger/index.js';

/**
 * Receipts, credit notes and statements (docs/decisions/0042) through the HTTP API, on PGlite and on
 * PostgreSQL: numbers with no gaps under concurrent confirmations and rollbacks, the PDFs read back and their figures
 * checked, and nobody but the payer, the designer and administrators reading them.
 */
const { app, ctx } = await useTestApp({ PAYOUT_MINIMUM: '10' });
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string; username?: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const admin = await signUpAndLogin(app);
await applyAdminCommand(ctx.db, 'grant', admin.input.email);
const courses = coursesApi(app, ctx);
const YEAR = new Date().getUTCFullYear();
const MONTH = new Date().toISOString().slice(0, 7);

const usernameOf = async (id: string) => (await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]!.username;

async function pdfText(payload: Buffer) {
  const bytes = new Uint8Array(payload);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1); // pdf-lib reads it back: one page
  const pdf = await getDocumentProxy(bytes);
  return (await extractText(pdf, { mergePages: true })).text;
}

async function uploadFile(who: Session) {
  const body = multipart({}, [{ field: 'file', name: 'design.stl', type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

/** An intent for one unit (25.00) of the designer's service, paid with the test card but not yet confirmed. */
async function paidIntent(service: { _id: string }, buyer?: Session) {
  const who = buyer ?? (await signUpAndLogin(app));
  const intent = (await call(who, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
  expect((await call(who, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  return { buyer: who, orderId: intent.orderId as string, paymentId: intent._id as string };
}

async function paidOrder() {
  const { designer, service } = await designerWithService(app);
  const p = await paidIntent(service);
  expect((await call(p.buyer, 'PATCH', '/api/orders', { payment_intent: p.paymentId })).statusCode).toBe(200);
  return { designer, service, ...p };
}

const seqs = async () => (await ctx.db.select({ year: receipts.year, seq: receipts.seq, number: receipts.number }).from(receipts).orderBy(asc(receipts.year), asc(receipts.seq)));
const noteSeqs = async () => (await ctx.db.select({ seq: creditNotes.seq, number: creditNotes.number }).from(creditNotes).orderBy(asc(creditNotes.year), asc(creditNotes.seq)));

/** The series of a year runs 1, 2, 3... with every number once. */
function expectGapFree(rows: Array<{ seq: number }>) {
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
}

describe('receipts', () => {
  it('a paid order gets a numbered receipt that its buyer, its designer and administrators read as a one-page PDF; others are refused', async () => {
    const o = await paidOrder();
    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.paymentId, o.paymentId));
    expect(receipt).toMatchObject({ buyerId: o.buyer.user._id, designerId: o.designer.user._id, amount: 2500, fee: 250, feeBasisPoints: 1000, currency: 'USD', itemType: 'service', itemId: o.orderId });
    expect(receipt!.number).toBe(`CUSP-${YEAR}-${String(receipt!.seq).padStart(6, '0')}`);

    const url = `/api/payments/${o.paymentId}/receipt.pdf`;
    const stranger = await signUpAndLogin(app);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await call(o.buyer, 'GET', '/api/payments/00000000-0000-4000-8000-000000000000/receipt.pdf')).statusCode).toBe(404);
    expect((await call(o.buyer, 'GET', '/api/payments/not-a-payment/receipt.pdf')).statusCode).toBe(404);
    // An intent not paid has no receipt.
    const unpaid = (await call(o.buyer, 'POST', '/api/payments/intents', { type: 'service', id: o.service._id, quantity: 1 })).json();
    expect((await call(o.buyer, 'GET', `/api/payments/${unpaid._id}/receipt.pdf`)).statusCode).toBe(404);

    for (const reader of [o.buyer, o.designer, admin]) {
      const res = await call(reader, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = await pdfText(res.rawPayload);
      for (const expected of ['Receipt', receipt!.number, await usernameOf(o.buyer.user._id), await usernameOf(o.designer.user._id), 'Total paid', '$25.00', '$2.50', '$22.50', 'Platform fee included (10%)', 'sandbox •••• 4242']) {
        expect(text).toContain(expected);
      }
    }
  });

  it('an Arabic receipt: shaped Arabic words, the same number and figures; ?lang=, the lang cookie or the member\'s language choose it', async () => {
    const o = await paidOrder();
    const url = `/api/payments/${o.paymentId}/receipt.pdf`;
    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.paymentId, o.paymentId));
    const arabic = await pdfText((await call(o.buyer, 'GET', `${url}?lang=ar`)).rawPayload);
    for (const expected of ['إيصال', 'المبلغ المدفوع', 'حصة المصمم', receipt!.number, '$25.00', '$2.50']) expect(arabic).toContain(expected);
    expect(arabic).not.toContain('Total paid');
    const byCookie = await app.inject({ method: 'GET', url, headers: { cookie: `${o.buyer.cookie}; lang=ar` } });
    expect(await pdfText(byCookie.rawPayload)).toContain('إيصال');
    await ctx.db.update(users).set({ emailLanguage: 'ar' }).where(eq(users.id, o.designer.user._id));
    expect(await pdfText((await call(o.designer, 'GET', url)).rawPayload)).toContain('إيصال');
    expect(await pdfText((await call(o.designer, 'GET', `${url}?lang=en`)).rawPayload)).toContain('Receipt');
  });

  it('a course sale gets a receipt too, with the fee the ledger booked', async () => {
    const creator = await signUpAndLogin(app, {});
    await ctx.db.update(users).set({ isDesigner: true }).where(eq(users.id, creator.user._id));
    const course = await courses.createCourse(creator.cookie, { price: 49.5 });
    const learner = await signUpAndLogin(app);
    const paymentId = await courses.pay(learner.user._id, course._id);
    expect((await courses.enroll(learner.cookie, { courseId: course._id, transactionId: paymentId, paymentMethod: 'creditcard' })).statusCode).toBe(201);
    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
    expect(receipt).toMatchObject({ itemType: 'course', designerId: creator.user._id, buyerId: learner.user._id, amount: 4950, fee: 495, title: course.title });
    const text = await pdfText((await call(creator, 'GET', `/api/payments/${paymentId}/receipt.pdf`)).rawPayload);
    for (const expected of [receipt!.number, 'Course', '$49.50', '$4.95', '$44.55']) expect(text).toContain(expected);
  });

  it('numbers stay gap-free when confirmations race and when one rolls back', async () => {
    const { service } = await designerWithService(app);
    const intents = await Promise.all([0, 1, 2, 3, 4, 5].map(() => paidIntent(service)));
    const before = (await seqs()).filter((r) => r.year === YEAR).length;
    // Six buyers confirm at once, each twice (the second is the same answer, no second receipt).
    const results = await Promise.all(intents.flatMap((p) => [1, 2].map(() => call(p.buyer, 'PATCH', '/api/orders', { payment_intent: p.paymentId }))));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    // A confirmation that fails after taking its number gives the number back.
    const late = await paidIntent(service);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, late.paymentId));
    await expect(
      ctx.db.transaction(async (tx) => {
        await bookOrderPayment(tx, { paymentId: payment!.id, orderId: late.orderId, amount: payment!.amount, feePercent: 10 });
        throw new Error('the provider answered late');
      }),
    ).rejects.toThrow('the provider answered late');
    expect((await call(late.buyer, 'PATCH', '/api/orders', { payment_intent: late.paymentId })).statusCode).toBe(200);

    const rows = (await seqs()).filter((r) => r.year === YEAR);
    expect(rows).toHaveLength(before + 7);
    expectGapFree(rows);
    const mine = await ctx.db.select({ paymentId: receipts.paymentId }).from(receipts);
    for (const p of [...intents, late]) expect(mine.filter((r) => r.paymentId === p.paymentId)).toHaveLength(1);
  });
});

const notesByPayment = () =>
  ctx.db.select({ note: creditNotes, receipt: receipts }).from(creditNotes).innerJoin(receipts, eq(receipts.id, creditNotes.receiptId)).orderBy(asc(creditNotes.seq));

async function deliver(o: { designer: Session; orderId: string }) {
  expect((await call(o.designer, 'POST', `/api/orders/${o.orderId}/deliver`, { files: [(await uploadFile(o.designer))._id] })).statusCode).toBe(200);
}

async function disputeAndResolve(o: { buyer: Session; orderId: string }, resolution: object) {
  const opened = await call(o.buyer, 'POST', `/api/orders/${o.orderId}/dispute`, { reason: 'poor_fit', statement: 'The margins are open on the crown.' });
  expect(opened.statusCode, opened.body).toBe(201);
  const resolved = await call(admin, 'POST', `/api/admin/disputes/${o.orderId}/resolve`, resolution);
  expect(resolved.statusCode, resolved.body).toBe(200);
}

/**
 * A paid order (25.00) whose included revision is used, with an extra revision (12.50) bought and paid: two payments,
 * two receipts, 37.50 in escrow (an extra revision is paid into its order's escrow: docs/decisions/0041).
 */
async function orderWithExtraRevision() {
  const { designer, service } = await designerWithService(app, { extraRevisionPrice: 12.5 });
  const p = await paidIntent(service);
  expect((await call(p.buyer, 'PATCH', '/api/orders', { payment_intent: p.paymentId })).statusCode).toBe(200);
  const o = { designer, ...p };
  await deliver(o);
  expect((await call(p.buyer, 'POST', `/api/orders/${p.orderId}/revision`, { note: 'Open the contact.' })).statusCode).toBe(200);
  await deliver(o);
  const extra = (await call(p.buyer, 'POST', '/api/payments/intents', { type: 'revision', id: p.orderId })).json();
  expect((await call(p.buyer, 'POST', `/api/payments/${extra._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  expect((await call(p.buyer, 'PATCH', '/api/orders', { payment_intent: extra._id })).statusCode).toBe(200);
  expect((await call(p.buyer, 'GET', `/api/orders/${p.orderId}`)).json().price).toBe(37.5);
  return { ...o, extraPaymentId: extra._id as string };
}

/** The credit notes of an order's payments: [receipt's payment, receipt amount, note amount], each note within its receipt. */
async function creditNotesOf(paymentIds: string[]) {
  const notes = (await notesByPayment()).filter((n) => paymentIds.includes(n.receipt.paymentId));
  for (const n of notes) expect(n.note.amount).toBeLessThanOrEqual(n.receipt.amount);
  return notes.map((n) => [n.receipt.paymentId, n.receipt.amount, n.note.amount]);
}

describe('credit notes', () => {
  it('a cancellation, an accepted partial refund and a refunding dispute each get a credit note referring to the receipt', async () => {
    // Cancelled after payment: the whole price back.
    const cancelled = await paidOrder();
    expect((await call(cancelled.buyer, 'POST', `/api/orders/${cancelled.orderId}/cancel`, { reason: 'The patient moved away.' })).statusCode).toBe(200);
    // Delivered, then a partial refund of 5.00 accepted.
    const partial = await paidOrder();
    expect((await call(partial.designer, 'POST', `/api/orders/${partial.orderId}/deliver`, { files: [(await uploadFile(partial.designer))._id] })).statusCode).toBe(200);
    expect((await call(partial.designer, 'POST', `/api/orders/${partial.orderId}/partial-refund`, { amount: 5, note: 'Light contacts.' })).statusCode).toBe(200);
    expect((await call(partial.buyer, 'POST', `/api/orders/${partial.orderId}/partial-refund/accept`)).statusCode).toBe(200);
    // Delivered, disputed, refunded in full by an administrator.
    const disputed = await paidOrder();
    await deliver(disputed);
    await disputeAndResolve(disputed, { outcome: 'refund' });

    const notes = await notesByPayment();
    const of = (paymentId: string) => notes.filter((n) => n.receipt.paymentId === paymentId);
    expect(of(cancelled.paymentId).map((n) => n.note.amount)).toEqual([2500]);
    expect(of(partial.paymentId).map((n) => n.note.amount)).toEqual([500]);
    expect(of(disputed.paymentId).map((n) => n.note.amount)).toEqual([2500]);
    expect(notes).toHaveLength(3);
    expectGapFree((await noteSeqs()));
    const note = of(partial.paymentId)[0]!;
    expect(note.note.number).toBe(`CUSP-CN-${YEAR}-${String(note.note.seq).padStart(6, '0')}`);

    const url = `/api/credit-notes/${note.note.id}.pdf`;
    const stranger = await signUpAndLogin(app);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await call(cancelled.buyer, 'GET', url)).statusCode).toBe(403); // a buyer of another order
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(partial.buyer, 'GET', '/api/credit-notes/00000000-0000-4000-8000-000000000000.pdf')).statusCode).toBe(404);
    expect((await call(partial.buyer, 'GET', '/api/credit-notes/nothing.pdf')).statusCode).toBe(404);
    for (const reader of [partial.buyer, partial.designer, admin]) {
      const text = await pdfText((await call(reader, 'GET', url)).rawPayload);
      for (const expected of ['Credit note', note.note.number, 'Refers to receipt', note.receipt.number, '$25.00', '-$5.00']) expect(text).toContain(expected);
    }
    const arabic = await pdfText((await call(partial.buyer, 'GET', `${url}?lang=ar`)).rawPayload);
    // (Words with the lam-alef ligature are left out: the text reader gives its letters back in drawing order.)
    for (const expected of ['إشعار دائن', 'يشير إلى', note.receipt.number, '$5.00']) expect(arabic).toContain(expected);
    // The receipt lists its credit notes.
    expect(await pdfText((await call(partial.buyer, 'GET', `/api/payments/${partial.paymentId}/receipt.pdf`)).rawPayload)).toContain(note.note.number);
  });

  it('a dispute refunded in full over an order with a paid extra revision: one credit note per receipt, each for what that payment gave back', async () => {
    const o = await orderWithExtraRevision();
    await disputeAndResolve(o, { outcome: 'refund' });
    expect(await creditNotesOf([o.paymentId, o.extraPaymentId])).toEqual([
      [o.paymentId, 2500, 2500],
      [o.extraPaymentId, 1250, 1250],
    ]);
    expectGapFree(await noteSeqs());
    // The refunded ledger entries name the payment each went back to.
    const refunded = await ctx.db.select({ paymentId: ledgerEntries.paymentId, amount: ledgerEntries.amount }).from(ledgerEntries).where(and(eq(ledgerEntries.orderId, o.orderId), eq(ledgerEntries.account, 'refunded')));
    expect(refunded.sort((a, b) => b.amount - a.amount)).toEqual([
      { paymentId: o.paymentId, amount: 2500 },
      { paymentId: o.extraPaymentId, amount: 1250 },
    ]);
    // The extra revision's credit note is on its own receipt's PDF, and reads its amount.
    const [, extraNote] = (await notesByPayment()).filter((n) => [o.paymentId, o.extraPaymentId].includes(n.receipt.paymentId));
    const text = await pdfText((await call(o.buyer, 'GET', `/api/credit-notes/${extraNote!.note.id}.pdf`)).rawPayload);
    for (const expected of [extraNote!.receipt.number, '$12.50', '-$12.50']) expect(text).toContain(expected);
    const buyerDocs = (await call(o.buyer, 'GET', `/api/billing?itemId=${o.orderId}`)).json().documents as Array<{ kind: string; amount: number }>;
    expect(buyerDocs.map((d) => [d.kind, d.amount]).sort()).toEqual([['credit_note', 12.5], ['credit_note', 25], ['receipt', 12.5], ['receipt', 25]]);
  });

  it('a split or an accepted partial refund over an order with an extra revision: the latest payment gives back first, each part its own credit note', async () => {
    // Split: 20.00 to the buyer of 37.50 = the revision's 12.50, then 7.50 of the order's 25.00.
    const split = await orderWithExtraRevision();
    await disputeAndResolve(split, { outcome: 'split', buyerAmount: 20, designerAmount: 17.5 });
    expect(await creditNotesOf([split.paymentId, split.extraPaymentId])).toEqual([
      [split.paymentId, 2500, 750],
      [split.extraPaymentId, 1250, 1250],
    ]);
    // An accepted partial refund of 5.00: all of it from the extra revision.
    const partial = await orderWithExtraRevision();
    expect((await call(partial.designer, 'POST', `/api/orders/${partial.orderId}/partial-refund`, { amount: 5 })).statusCode).toBe(200);
    expect((await call(partial.buyer, 'POST', `/api/orders/${partial.orderId}/partial-refund/accept`)).statusCode).toBe(200);
    expect(await creditNotesOf([partial.paymentId, partial.extraPaymentId])).toEqual([[partial.extraPaymentId, 1250, 500]]);
    expectGapFree(await noteSeqs());
  });
});

describe('GET /api/billing', () => {
  it('lists the member\'s own receipts and credit notes, as buyer or as designer, with their links; nobody else\'s', async () => {
    const o = await paidOrder();
    expect((await call(o.buyer, 'POST', `/api/orders/${o.orderId}/cancel`, { reason: 'Wrong tooth.' })).statusCode).toBe(200);
    const buyerView = (await call(o.buyer, 'GET', '/api/billing')).json();
    expect(buyerView.documents.map((d: { kind: string; role: string; amount: number }) => [d.kind, d.role, d.amount])).toEqual([
      ['credit_note', 'buyer', 25],
      ['receipt', 'buyer', 25],
    ]);
    const [note, receipt] = buyerView.documents;
    expect(receipt).toMatchObject({ paymentId: o.paymentId, itemType: 'service', itemId: o.orderId, pdfUrl: `/api/payments/${o.paymentId}/receipt.pdf`, currency: 'USD' });
    expect(note).toMatchObject({ receiptNumber: receipt.number, pdfUrl: `/api/credit-notes/${note._id}.pdf` });
    expect((await call(o.designer, 'GET', '/api/billing')).json().documents.map((d: { role: string }) => d.role)).toEqual(['designer', 'designer']);
    expect((await call(o.buyer, 'GET', `/api/billing?itemId=${o.orderId}`)).json().documents).toHaveLength(2);
    expect((await call(o.buyer, 'GET', `/api/billing?itemId=${o.service._id}`)).json().documents).toHaveLength(0);
    const stranger = await signUpAndLogin(app);
    expect((await call(stranger, 'GET', '/api/billing')).json()).toEqual({ documents: [], statementMonths: [] });
    expect((await call(stranger, 'GET', `/api/billing?itemId=${o.orderId}`)).json().documents).toEqual([]);
    expect((await call(null, 'GET', '/api/billing')).statusCode).toBe(401);
    expect((await call(o.buyer, 'GET', '/api/billing?itemId=nope')).statusCode).toBe(400);
  });
});

describe('statements', () => {
  it('a designer\'s month as CSV and PDF: sales, fees, refunds and payouts with the running balance; only their own', async () => {
    // Two orders of 25.00: one completed, one completed with 5.00 refunded; one cancelled; then a payout of 20.00.
    const { designer, service } = await designerWithService(app);
    const complete = async (partialRefund?: number) => {
      const p = await paidIntent(service);
      expect((await call(p.buyer, 'PATCH', '/api/orders', { payment_intent: p.paymentId })).statusCode).toBe(200);
      expect((await call(designer, 'POST', `/api/orders/${p.orderId}/deliver`, { files: [(await uploadFile(designer))._id] })).statusCode).toBe(200);
      if (partialRefund) {
        expect((await call(designer, 'POST', `/api/orders/${p.orderId}/partial-refund`, { amount: partialRefund })).statusCode).toBe(200);
        expect((await call(p.buyer, 'POST', `/api/orders/${p.orderId}/partial-refund/accept`)).statusCode).toBe(200);
      } else expect((await call(p.buyer, 'POST', `/api/orders/${p.orderId}/accept`)).statusCode).toBe(200);
      return p;
    };
    await complete();
    await complete(5);
    const cancelled = await paidIntent(service);
    expect((await call(cancelled.buyer, 'PATCH', '/api/orders', { payment_intent: cancelled.paymentId })).statusCode).toBe(200);
    expect((await call(designer, 'POST', `/api/orders/${cancelled.orderId}/cancel`, { reason: 'Cannot do this one.' })).statusCode).toBe(200);
    expect((await savePayoutDetails(app, designer, { method: 'bank', accountHolder: 'Lina Haddad', iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank' })).statusCode).toBe(200);
    await endPayoutHold(ctx.db, designer.user._id);
    const payout = await call(designer, 'POST', '/api/payouts', { amount: 20 });
    expect(payout.statusCode, payout.body).toBe(201);
    expect((await call(admin, 'POST', `/api/admin/payouts/${payout.json()._id}/paid`, { reference: 'TRF-7781' })).statusCode).toBe(200);

    expect((await call(designer, 'GET', '/api/billing')).json().statementMonths).toEqual([MONTH]);
    const csv = await call(designer, 'GET', `/api/statements/${MONTH}.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="cusp-statement-${MONTH}.csv"`);
    const rows = csv.body.trim().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['date', 'type', 'reference', 'description', 'currency', 'price', 'fee', 'refunded', 'paid_out', 'net', 'balance']);
    const body = rows.slice(1).map((r) => [r[1], ...r.slice(5)]);
    expect(body).toEqual([
      ['opening_balance', '', '', '', '', '', '0.00'],
      ['earning', '25.00', '2.50', '0.00', '0.00', '22.50', '22.50'],
      ['split', '20.00', '2.00', '5.00', '0.00', '18.00', '40.50'],
      ['refund', '0.00', '0.00', '25.00', '0.00', '0.00', '40.50'],
      ['payout_requested', '0.00', '0.00', '0.00', '0.00', '-20.00', '20.50'],
      ['payout_paid', '0.00', '0.00', '0.00', '20.00', '0.00', '20.50'],
      ['totals', '45.00', '4.50', '30.00', '20.00', '20.50', '20.50'],
    ]);
    expect(rows[2]![2]).toMatch(new RegExp(`^CUSP-${YEAR}-\\d{6}$`));
    expect(rows[6]![2]).toBe('TRF-7781');

    const pdf = await call(designer, 'GET', `/api/statements/${MONTH}.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Statement of earnings', MONTH, 'Order completed', 'Order, partly refunded', 'Order refunded', 'Payout sent', 'TRF-7781', '45.00', '4.50', '30.00', '$20.50']) expect(text).toContain(expected);
    const arabic = await pdfText((await call(designer, 'GET', `/api/statements/${MONTH}.pdf?lang=ar`)).rawPayload);
    for (const expected of ['كشف', 'طلب مكتمل', 'سحب محوّل', 'TRF-7781', '45.00']) expect(arabic).toContain(expected);

    // Another designer's statement of the same month has none of it; a buyer's is empty.
    const other = await designerWithService(app);
    const theirs = (await call(other.designer, 'GET', `/api/statements/${MONTH}.csv`)).body.trim().split('\r\n');
    expect(theirs.map((line) => line.split(',')[1])).toEqual(['type', 'opening_balance', 'totals']);
    expect((await call(cancelled.buyer, 'GET', `/api/statements/${MONTH}.csv`)).body).not.toContain('CUSP-');

    expect((await call(null, 'GET', `/api/statements/${MONTH}.csv`)).statusCode).toBe(401);
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    for (const bad of [`${next.toISOString().slice(0, 7)}.csv`, '2026-13.pdf', `${MONTH}.xls`, 'latest.pdf']) {
      const res = await call(designer, 'GET', `/api/statements/${bad}`);
      expect(res.statusCode, bad).toBe(bad.endsWith('.xls') || bad.startsWith('latest') ? 404 : 400);
    }
  });

  it('writes a member\'s formula-looking title harmless in the CSV', async () => {
    const { designer, service } = await designerWithService(app, { title: '=HYPERLINK("http://evil.example") crown' });
    const p = await paidIntent(service);
    expect((await call(p.buyer, 'PATCH', '/api/orders', { payment_intent: p.paymentId })).statusCode).toBe(200);
    expect((await call(designer, 'POST', `/api/orders/${p.orderId}/deliver`, { files: [(await uploadFile(designer))._id] })).statusCode).toBe(200);
    expect((await call(p.buyer, 'POST', `/api/orders/${p.orderId}/accept`)).statusCode).toBe(200);
    const csv = (await call(designer, 'GET', `/api/statements/${MONTH}.csv`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") crown"`);
  });
});
