import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { englishLeft } from '../../../test/arabic.js';
import type { CreditNoteRow, ReceiptRow } from '../../db/schema/index.js';
import { creditNotePdf, receiptPdf, statementPdf } from './billing-pdf.js';
import type { ReceiptView, Statement, StatementLineKind } from './billing.service.js';

/**
 * The receipt, the credit note and the statement in Arabic say nothing in English but the values put in them
 * (numbers, names, the title, the card: docs/decisions/0059), read back from the PDF as a reader's tools read it.
 */

const text = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
const issuedAt = new Date('2026-11-20T10:00:00Z');
const receipt = {
  id: 'r1', number: 'CUSP-2026-000123', year: 2026, seq: 123, paymentId: 'abcdef12-0000-4000-8000-000000000000', buyerId: 'b', designerId: 'd',
  itemType: 'service', itemId: 'i', title: 'Zirconia crown', amount: 9000, fee: 900, feeBasisPoints: 1000, currency: 'USD', issuedAt,
} as unknown as ReceiptRow;
const note = { id: 'n1', number: 'CUSP-CN-2026-000045', year: 2026, seq: 45, receiptId: 'r1', amount: 2000, currency: 'USD', issuedAt } as unknown as CreditNoteRow;
const view: ReceiptView = { receipt, buyer: 'dr_amal', designer: 'lina_haddad', quantity: 2, unitPrice: 4500, cardLabel: '•••• 3220', provider: 'sandbox', creditNotes: [note] };
const KINDS: StatementLineKind[] = ['sale', 'earning', 'split', 'refund', 'payout_requested', 'payout_returned', 'payout_paid'];
const statement: Statement = {
  month: '2026-11', designer: 'lina_haddad', currency: 'USD', opening: 1000, closing: 5000,
  lines: KINDS.map((kind, i) => ({ date: issuedAt, kind, reference: `REF${i}`, title: 'Zirconia crown', gross: 1000, fee: 100, refunded: 0, payout: 0, net: 900, balance: 900 * (i + 1) })),
  totals: { gross: 7000, fee: 700, refunded: 0, payout: 0, net: 6300 },
};
const EXEMPT = ['CUSP-CN-2026-000045', 'CUSP-2026-000123', 'ABCDEF12', 'Zirconia crown', 'dr_amal', 'lina_haddad', 'sandbox', ...KINDS.map((_, i) => `REF${i}`)];

describe('Arabic PDFs have no English in them (docs/decisions/0059)', () => {
  it('receipt, credit note and statement', async () => {
    for (const [name, bytes] of [
      ['receipt', await receiptPdf(view, 'ar')],
      ['credit note', await creditNotePdf(note, view, 'ar')],
      ['statement', await statementPdf(statement, 'ar')],
      ['long statement', await statementPdf({ ...statement, lines: Array.from({ length: 40 }, () => statement.lines[0]!) }, 'ar')],
    ] as const) {
      expect(englishLeft(await text(bytes), EXEMPT), name).toEqual([]);
    }
  });

  it('the check catches English: the same documents in English are flagged', async () => {
    expect(englishLeft(await text(await receiptPdf(view, 'en')), EXEMPT)).toContain('Receipt');
  });

  it('keeps a Latin run whole in the Arabic statement: "2026-11 (USD)" reads as written', async () => {
    expect(await text(await statementPdf(statement, 'ar'))).toContain('2026-11 (USD)');
  });
});
