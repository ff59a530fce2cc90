import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingJsonSchema, statementMonth } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import type { PdfLanguage } from '../../platform/pdf/sheet.js';
import { loggedIn, requireUser } from '../auth/index.js';
import * as billing from './billing.service.js';
import { creditNoteDocument, receiptDocument, statementDocument } from './documents.js';
import { statementCsv } from './statement-csv.js';
import { idParam, paramMatching } from '../../http-params.js';

const lang = z.object({ lang: z.enum(['en', 'ar']).optional() });

/** The reader's language: `?lang=`, else the site's language cookie, else the language chosen on the settings page. */
const languageOf = (request: FastifyRequest & { query: { lang?: PdfLanguage } }, user: UserRow): PdfLanguage =>
  request.query.lang ?? (request.cookies.lang === 'ar' || request.cookies.lang === 'en' ? request.cookies.lang : user.emailLanguage);

const sendFile = (reply: FastifyReply, type: string, name: string, body: Uint8Array | string) =>
  reply
    .type(type)
    .header('content-disposition', `${type === 'application/pdf' ? 'inline' : 'attachment'}; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(typeof body === 'string' ? body : Buffer.from(body));

/**
 * Receipts, credit notes and statements (docs/decisions/0042). Each PDF counts against the member's document
 * limit and is laid out off the event loop, or served as kept (docs/decisions/0052).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/billing', { ...loggedIn, schema: { querystring: z.object({ itemId: z.uuid().optional() }), response: { 200: billingJsonSchema } } }, async (request) =>
    billing.listBilling(ctx, requireUser(request), request.query.itemId),
  );

  app.get(
    '/payments/:id/receipt.pdf',
    { ...loggedIn, schema: { params: z.object({ id: idParam('RECEIPT_NOT_FOUND') }), querystring: lang } },
    async (request, reply) => {
      const user = requireUser(request);
      await ctx.limits.consume('documentsUser', user.id);
      const view = await billing.receiptOf(ctx, user, request.params.id);
      return sendFile(reply, 'application/pdf', `${view.receipt.number}.pdf`, await receiptDocument(ctx, user.id, view, languageOf(request, user)));
    },
  );

  // `/credit-notes/{id}.pdf`: the name is one parameter checked whole, so a bad one is a plain 404.
  app.get(
    '/credit-notes/:file',
    { ...loggedIn, schema: { params: z.object({ file: paramMatching(/^[0-9a-f-]{36}\.pdf$/i, 'CREDIT_NOTE_NOT_FOUND') }), querystring: lang } },
    async (request, reply) => {
      const user = requireUser(request);
      await ctx.limits.consume('documentsUser', user.id);
      const { note, view } = await billing.creditNoteOf(ctx, user, request.params.file.slice(0, 36));
      return sendFile(reply, 'application/pdf', `${note.number}.pdf`, await creditNoteDocument(ctx, user.id, note, view, languageOf(request, user)));
    },
  );

  // `/statements/{yyyy-mm}.pdf` and `.csv`: the caller's own month, never anyone else's.
  app.get(
    '/statements/:file',
    { ...loggedIn, schema: { params: z.object({ file: paramMatching(/^\d{4}-\d{2}\.(pdf|csv)$/, 'NOT_FOUND') }), querystring: lang } },
    async (request, reply) => {
      const user = requireUser(request);
      const [month, format] = request.params.file.split('.') as [string, 'pdf' | 'csv'];
      const checked = statementMonth.safeParse(month);
      if (!checked.success) throw fieldError('STATEMENT_MONTH', 'month');
      if (format === 'pdf') await ctx.limits.consume('documentsUser', user.id);
      const statement = await billing.statementOf(ctx, user, checked.data);
      const name = `cusp-statement-${month}.${format}`;
      return format === 'csv'
        ? sendFile(reply, 'text/csv; charset=utf-8', name, statementCsv(statement))
        : sendFile(reply, 'application/pdf', name, await statementDocument(ctx, user.id, user.id, statement, languageOf(request, user)));
    },
  );
};
