import { z } from 'zod';

/**
 * Receipts, credit notes and statements (issue 20 item 3, docs/decisions/0042): the JSON of `GET /api/billing` and
 * the statement's month. Amounts are major units, as elsewhere in the API.
 */

export const BILLING_MESSAGES = {
  receiptNotFound: 'Receipt not found.',
  creditNoteNotFound: 'Credit note not found.',
  notYours: 'This document is not yours.',
  month: 'Please give a month as YYYY-MM, not in the future.',
  designersOnly: 'Statements are for designers.',
} as const;

/** `2026-11`: a statement's month (the server refuses months after the current one). */
export const statementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, BILLING_MESSAGES.month);

export interface BillingDocumentJson {
  _id: string;
  kind: 'receipt' | 'credit_note';
  number: string;
  /** For a credit note, the receipt it refers to. */
  receiptNumber: string;
  /** The payment (receipts' PDFs are at `/api/payments/{paymentId}/receipt.pdf`). */
  paymentId: string;
  /** `buyer`: the member paid (or was refunded); `designer`: it is for the member's service or course. */
  role: 'buyer' | 'designer';
  itemType: 'service' | 'course';
  /** The order's or the course's id, for a link to its page. */
  itemId: string;
  title: string;
  amount: number;
  currency: string;
  issuedAt: string;
  pdfUrl: string;
}

export interface BillingJson {
  documents: BillingDocumentJson[];
  /** Months with movements on the member's designer account, newest first: the statements to download. */
  statementMonths: string[];
}
