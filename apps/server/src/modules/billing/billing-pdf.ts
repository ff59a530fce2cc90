import { formatMoney, fromMinor } from '@cusp/shared';
import { BAND, MARGIN, MUTED, newSheet, RULE, type PdfLanguage, type Sheet } from '../../platform/pdf/sheet.js';
import type { ReceiptView, Statement, StatementLineKind } from './billing.service.js';
import type { CreditNoteRow } from '../../db/schema/index.js';

/**
 * A receipt, a credit note and a designer's monthly statement, each one A4 page in English or Arabic (docs/product.md §6.7,
 * docs/decisions/0042). Figures are written with Latin digits and the currency's code in both languages, as
 * Saudi invoices commonly are; the layout and the words follow the language.
 */

const TEXTS = {
  en: {
    receipt: 'Receipt',
    creditNote: 'Credit note',
    statement: 'Statement of earnings',
    number: 'Number',
    issued: 'Issued on',
    payment: 'Payment',
    paidWith: 'Paid with',
    buyer: 'Buyer',
    designer: 'Designer',
    item: 'Item',
    order: 'Design order',
    course: 'Course',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    total: 'Total paid',
    fee: (percent: string) => `Platform fee included (${percent}%), from the designer's part`,
    designerPart: "Designer's part",
    refunds: 'Credit notes on this receipt',
    refersTo: 'Refers to receipt',
    originalAmount: 'Amount of the receipt',
    refunded: 'Amount refunded to the buyer',
    refundReason: 'Money given back on the receipt above, to the card it was paid with.',
    month: 'Month',
    opening: 'Opening available balance',
    closing: 'Closing available balance',
    date: 'Date',
    reference: 'Reference',
    gross: 'Price',
    feeShort: 'Fee',
    refundedShort: 'Refunded',
    payout: 'Paid out',
    net: 'Net',
    balance: 'Balance',
    totals: 'Totals',
    none: 'No movements this month.',
    more: (n: number) => `and ${n} more lines: see the CSV statement.`,
    kinds: {
      sale: 'Course sale',
      earning: 'Order completed',
      split: 'Order, partly refunded',
      refund: 'Order refunded',
      payout_requested: 'Payout requested',
      payout_returned: 'Payout rejected, returned',
      payout_paid: 'Payout sent',
    } satisfies Record<StatementLineKind, string>,
    footer: 'Cusp, the marketplace for digital dentistry. Amounts in the currency shown.',
  },
  ar: {
    receipt: 'إيصال',
    creditNote: 'إشعار دائن',
    statement: 'كشف الأرباح',
    number: 'الرقم',
    issued: 'تاريخ الإصدار',
    payment: 'الدفعة',
    paidWith: 'طريقة الدفع',
    buyer: 'المشتري',
    designer: 'المصمم',
    item: 'البند',
    order: 'طلب تصميم',
    course: 'دورة',
    description: 'الوصف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    total: 'المبلغ المدفوع',
    fee: (percent: string) => `رسوم المنصة مشمولة (${percent}%)، من حصة المصمم`,
    designerPart: 'حصة المصمم',
    refunds: 'إشعارات دائنة على هذا الإيصال',
    refersTo: 'يشير إلى الإيصال',
    originalAmount: 'مبلغ الإيصال',
    refunded: 'المبلغ المسترد للمشتري',
    refundReason: 'مبلغ أعيد من الإيصال أعلاه إلى البطاقة التي دُفع بها.',
    month: 'الشهر',
    opening: 'الرصيد المتاح في بداية الشهر',
    closing: 'الرصيد المتاح في نهاية الشهر',
    date: 'التاريخ',
    reference: 'المرجع',
    gross: 'السعر',
    feeShort: 'الرسوم',
    refundedShort: 'المسترد',
    payout: 'المحوّل',
    net: 'الصافي',
    balance: 'الرصيد',
    totals: 'الإجمالي',
    none: 'لا حركات في هذا الشهر.',
    more: (n: number) => `و${n} سطرًا آخر: انظر كشف CSV.`,
    kinds: {
      sale: 'بيع دورة',
      earning: 'طلب مكتمل',
      split: 'طلب مسترد جزئيًا',
      refund: 'طلب مسترد',
      payout_requested: 'طلب سحب',
      payout_returned: 'سحب مرفوض، أعيد المبلغ',
      payout_paid: 'سحب محوّل',
    } satisfies Record<StatementLineKind, string>,
    footer: 'Cusp، سوق طب الأسنان الرقمي. المبالغ بالعملة المبينة.',
  },
} as const;

/** `SAR 1,234.50`: Latin digits in both languages (Noto Naskh Arabic and Helvetica both have them). */
export const money = (minor: number, currency: string) => formatMoney(fromMinor(minor, currency), currency, 'en');
const day = (date: Date) => date.toISOString().slice(0, 10);
/** `sandbox •••• 4242`: the provider first, so the masked card stays in one run in both directions. */
const paidWith = (view: ReceiptView) => [view.provider, view.cardLabel].filter(Boolean).join(' ');

/** The document's title, its number under it, then label-value facts in two columns on a band. */
function header(s: Sheet, title: string, number: string, facts: Array<[string, string]>) {
  s.text(title, { x: s.left, width: s.width, size: 20, bold: true });
  s.text(number, { x: s.left, width: s.width, size: 12, bold: true, align: 'end' });
  s.y -= 28;
  const half = s.width / 2;
  const rows = Math.ceil(facts.length / 2);
  s.page.drawRectangle({ x: s.left, y: s.y - rows * 15 + 5, width: s.width, height: rows * 15 + 8, color: BAND });
  facts.forEach(([label, value], i) => {
    s.pair(label, value, (i % 2) * half + 6, half - 12, 90);
    if (i % 2 === 1 || i === facts.length - 1) s.y -= 15;
  });
  s.y -= 8;
}

/** A table row: cells in columns laid from the line's start; figures aligned to the column's end. */
function row(s: Sheet, columns: Array<{ width: number; figure?: boolean }>, cells: string[], options: { bold?: boolean; muted?: boolean; size?: number } = {}) {
  let offset = 0;
  cells.forEach((cell, i) => {
    const { width, figure } = columns[i]!;
    s.text(cell, { x: s.column(offset, width - 6), width: width - 6, size: options.size ?? 9, bold: options.bold, color: options.muted ? MUTED : undefined, align: figure ? 'end' : 'start' });
    offset += width;
  });
  s.y -= 14;
}

function rule(s: Sheet) {
  s.page.drawLine({ start: { x: s.left, y: s.y + 10 }, end: { x: s.right, y: s.y + 10 }, thickness: 0.6, color: RULE });
}

const footer = (s: Sheet, text: string) => s.text(text, { x: s.left, width: s.width, y: MARGIN - 14, size: 7, color: MUTED });

export async function receiptPdf(view: ReceiptView, language: PdfLanguage): Promise<Uint8Array> {
  const t = TEXTS[language];
  const r = view.receipt;
  const { doc, sheet: s } = await newSheet(language, `${t.receipt} ${r.number}`);
  header(s, t.receipt, r.number, [
    [t.issued, day(r.issuedAt)],
    [t.payment, r.paymentId.slice(0, 8).toUpperCase()],
    [t.buyer, view.buyer],
    [t.designer, view.designer],
    [t.item, r.itemType === 'service' ? t.order : t.course],
    [t.paidWith, paidWith(view)],
  ]);
  const columns = [{ width: s.width - 70 - 100 - 100 }, { width: 70, figure: true }, { width: 100, figure: true }, { width: 100, figure: true }];
  row(s, columns, [t.description, t.quantity, t.unitPrice, t.amount], { bold: true, muted: true, size: 8 });
  rule(s);
  row(s, columns, [r.title, String(view.quantity), money(view.unitPrice, r.currency), money(r.amount, r.currency)]);
  rule(s);
  const totals = [{ width: s.width - 120 }, { width: 120, figure: true }];
  row(s, totals, [t.total, money(r.amount, r.currency)], { bold: true, size: 11 });
  row(s, totals, [t.fee((r.feeBasisPoints / 100).toString()), money(r.fee, r.currency)], { muted: true });
  row(s, totals, [t.designerPart, money(r.amount - r.fee, r.currency)], { muted: true });
  if (view.creditNotes.length > 0) {
    s.heading(t.refunds);
    for (const note of view.creditNotes.slice(0, 20)) row(s, [{ width: 160 }, { width: s.width - 160 - 120 }, { width: 120, figure: true }], [note.number, day(note.issuedAt), `-${money(note.amount, note.currency)}`]);
  }
  footer(s, t.footer);
  return doc.save();
}

export async function creditNotePdf(note: CreditNoteRow, view: ReceiptView, language: PdfLanguage): Promise<Uint8Array> {
  const t = TEXTS[language];
  const r = view.receipt;
  const { doc, sheet: s } = await newSheet(language, `${t.creditNote} ${note.number}`);
  header(s, t.creditNote, note.number, [
    [t.issued, day(note.issuedAt)],
    [t.refersTo, r.number],
    [t.buyer, view.buyer],
    [t.designer, view.designer],
    [t.item, r.itemType === 'service' ? t.order : t.course],
    [t.paidWith, paidWith(view)],
  ]);
  const totals = [{ width: s.width - 120 }, { width: 120, figure: true }];
  row(s, totals, [t.description, t.amount], { bold: true, muted: true, size: 8 });
  rule(s);
  row(s, totals, [r.title, '']);
  row(s, totals, [t.originalAmount, money(r.amount, r.currency)], { muted: true });
  row(s, totals, [t.refunded, `-${money(note.amount, note.currency)}`], { bold: true, size: 11 });
  s.y -= 6;
  s.text(t.refundReason, { x: s.left, width: s.width, size: 9, color: MUTED });
  footer(s, t.footer);
  return doc.save();
}

/** At most this many lines fit under the header on one page; the CSV has them all. */
const STATEMENT_LINES = 36;

export async function statementPdf(statement: Statement, language: PdfLanguage): Promise<Uint8Array> {
  const t = TEXTS[language];
  const c = statement.currency;
  const { doc, sheet: s } = await newSheet(language, `${t.statement} ${statement.month}`);
  const m = (minor: number) => (minor === 0 ? '-' : fromMinor(minor, c).toFixed(2));
  header(s, t.statement, statement.month, [
    [t.designer, statement.designer],
    [t.month, `${statement.month} (${c})`],
    [t.opening, money(statement.opening, c)],
    [t.closing, money(statement.closing, c)],
  ]);
  const fig = { width: 48, figure: true };
  const columns = [{ width: 56 }, { width: s.width - 56 - 6 * 48 }, fig, fig, fig, fig, fig, fig];
  row(s, columns, [t.date, t.reference, t.gross, t.feeShort, t.refundedShort, t.payout, t.net, t.balance], { bold: true, muted: true, size: 7 });
  rule(s);
  if (statement.lines.length === 0) row(s, [{ width: s.width }], [t.none], { muted: true });
  for (const line of statement.lines.slice(0, STATEMENT_LINES)) {
    // The kind and the receipt's number or the payout's reference; the titles are in the CSV.
    const label = `${t.kinds[line.kind]} ${line.reference}`;
    row(s, columns, [day(line.date), label, m(line.gross), m(line.fee), m(line.refunded), m(line.payout), m(line.net), fromMinor(line.balance, c).toFixed(2)], { size: 7.5 });
    s.y += 2;
  }
  if (statement.lines.length > STATEMENT_LINES) row(s, [{ width: s.width }], [t.more(statement.lines.length - STATEMENT_LINES)], { muted: true, size: 8 });
  rule(s);
  const { totals } = statement;
  row(s, columns, ['', t.totals, m(totals.gross), m(totals.fee), m(totals.refunded), m(totals.payout), m(totals.net), fromMinor(statement.closing, c).toFixed(2)], { bold: true, size: 7.5 });
  footer(s, t.footer);
  return doc.save();
}
