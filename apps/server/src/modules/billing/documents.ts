import type { AppContext } from '../../context.js';
import type { CreditNoteRow } from '../../db/schema/index.js';
import { contentDigest, documentRenderer, keptDocument, type LayoutModule } from '../../platform/pdf/documents.js';
import type { PdfLanguage } from '../../platform/pdf/sheet.js';
import type { creditNotePdf, receiptPdf, statementPdf } from './billing-pdf.js';
import type { ReceiptView, Statement } from './billing.service.js';

/**
 * The billing PDFs laid out in the document workers and kept once made (docs/decisions/0052). A receipt and a
 * credit note are kept under their id, language and a digest of all they show (a credit note issued later
 * adds a line to its receipt, so that receipt is a new document); a statement only once its month is over,
 * under the designer, the month, the language and the digest. The current month's is laid out each time.
 */

const LAYOUTS: LayoutModule = { bundled: 'billing-pdf', source: new URL('./billing-pdf.ts', import.meta.url) };
/** Bump when billing-pdf.ts draws differently: the copies kept under the old layout are then made again. */
const LAYOUT_VERSION = 1;

export function receiptDocument(ctx: AppContext, owner: string, view: ReceiptView, language: PdfLanguage) {
  const key = `documents/receipts/${view.receipt.id}-${language}-${contentDigest(LAYOUT_VERSION, view)}.pdf`;
  return keptDocument(ctx.storage, key, () => documentRenderer().render<typeof receiptPdf>(owner, LAYOUTS, 'receiptPdf', [view, language]));
}

export function creditNoteDocument(ctx: AppContext, owner: string, note: CreditNoteRow, view: ReceiptView, language: PdfLanguage) {
  const key = `documents/credit-notes/${note.id}-${language}-${contentDigest(LAYOUT_VERSION, [note, view])}.pdf`;
  return keptDocument(ctx.storage, key, () => documentRenderer().render<typeof creditNotePdf>(owner, LAYOUTS, 'creditNotePdf', [note, view, language]));
}

/** A month is closed once the next one has begun (UTC, as statements count it). */
const closed = (month: string, now: Date) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, m, 1) <= now.getTime();
};

export function statementDocument(ctx: AppContext, owner: string, designerId: string, statement: Statement, language: PdfLanguage, now = new Date()) {
  const render = () => documentRenderer().render<typeof statementPdf>(owner, LAYOUTS, 'statementPdf', [statement, language]);
  if (!closed(statement.month, now)) return render();
  const key = `documents/statements/${designerId}-${statement.month}-${language}-${contentDigest(LAYOUT_VERSION, statement)}.pdf`;
  return keptDocument(ctx.storage, key, render);
}
