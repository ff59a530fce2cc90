import { z } from 'zod';

/**
 * What `GET /api/billing` answers (docs/decisions/0042), as a response schema (docs/decisions/0039).
 * Amounts are major units.
 */

export const billingDocumentJsonSchema = z.object({
  _id: z.string(),
  kind: z.enum(['receipt', 'credit_note']),
  number: z.string(),
  /** For a credit note, the receipt it refers to. */
  receiptNumber: z.string(),
  /** The payment (receipts' PDFs are at `/api/payments/{paymentId}/receipt.pdf`). */
  paymentId: z.string(),
  /** `buyer`: the member paid (or was refunded); `designer`: it is for the member's service or course. */
  role: z.enum(['buyer', 'designer']),
  itemType: z.enum(['service', 'course']),
  /** The order's or the course's id, for a link to its page. */
  itemId: z.string(),
  title: z.string(),
  amount: z.number(),
  currency: z.string(),
  issuedAt: z.string(),
  pdfUrl: z.string(),
});
export type BillingDocumentJson = z.infer<typeof billingDocumentJsonSchema>;

export const billingJsonSchema = z.object({
  documents: z.array(billingDocumentJsonSchema),
  /** Months with movements on the member's designer account, newest first: the statements to download. */
  statementMonths: z.array(z.string()),
});
export type BillingJson = z.infer<typeof billingJsonSchema>;
