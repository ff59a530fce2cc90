import { z } from 'zod';
import { westernDigits } from '../digits.js';
import { errorCode } from '../error-code.js';

/**
 * Receipts, credit notes and statements (docs/decisions/0042): the JSON of `GET /api/billing` and
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
export const statementMonth = z.string().overwrite(westernDigits).regex(/^\d{4}-(0[1-9]|1[0-2])$/, errorCode('STATEMENT_MONTH'));

// What `GET /api/billing` answers (BillingJson, BillingDocumentJson) is in ../responses/billing.ts.
