import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayoutJsonSchema,
  orderDetailJsonSchema,
  orderDetailListJsonSchema,
  pageLimit,
  pageOffset,
  payoutJsonSchema,
  payoutPaidInput,
  payoutRejectedInput,
  platformTotalsJsonSchema,
  resolveDisputeInput,
  serviceListJsonSchema,
  serviceListQuery,
  sessionUserSchema,
  supportTicketJsonSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { supportTickets, userColumns, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { sendAnswer } from '../../platform/response-cache.js';
import { adminOnly, requireAdmin, toSessionUser } from '../auth/index.js';
import { listOpenDisputes, resolveDispute } from '../orders/index.js';
import { adminListPayouts, adminTotals, decidePayout } from '../payouts/index.js';
import { catalogueChanged } from '../listings/index.js';
import * as listings from '../listings/index.js';
import { notifyDesignerVerified } from '../notifications/index.js';
import { idParam } from '../../http-params.js';

const idParams = z.object({ id: idParam('NOT_FOUND') });
const page = z.object({ limit: pageLimit(50), offset: pageOffset });

/** The administrator page's calls (vetting, hiding services, reading tickets: docs/product.md §11.3). Admins only. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preValidation', adminOnly.preValidation);

  app.get('/admin/designers', { schema: { querystring: page.extend({ status: z.enum(['pending', 'verified', 'all']).default('all') }), response: { 200: z.array(sessionUserSchema) } } }, async (request) => {
    const { status, limit, offset } = request.query;
    // Literal `is_designer` for the partial users_designers_idx; newest first within a status, and
    // for `all` the browse page's order (verified first), which the same index serves backwards.
    const where = and(sql`${users.isDesigner}`, status === 'all' ? undefined : eq(users.isVerified, status === 'verified'));
    const rows = await ctx.db.select(userColumns).from(users).where(where).orderBy(desc(users.isVerified), desc(users.createdAt)).limit(limit).offset(offset);
    return rows.map(toSessionUser);
  });

  app.patch('/admin/users/:id', { schema: { params: idParams, body: z.object({ isVerified: z.boolean() }).strict(), response: { 200: sessionUserSchema } } }, async (request) => {
    const [row] = await ctx.db.transaction(async (tx) => {
      const updated = await tx.update(users).set({ isVerified: request.body.isVerified, updatedAt: new Date() }).where(eq(users.id, request.params.id)).returning(userColumns);
      if (updated[0]) await notifyDesignerVerified(ctx, tx, updated[0]); // the designer is told (ADR 0027)
      return updated;
    });
    if (!row) throw new AppError('USER_NOT_FOUND');
    catalogueChanged(ctx, { designers: [row.id] }); // the verified badge shows on the designer's service cards and pages
    return toSessionUser(row);
  });

  app.get('/admin/services', { schema: { querystring: serviceListQuery, response: { 200: serviceListJsonSchema } } }, async (request, reply) => {
    const { body, total } = await listings.listServices(ctx, request.query, { includeHidden: true });
    return sendAnswer(reply, { body, headers: { 'x-total-count': String(total) } });
  });

  app.patch('/admin/services/:id', { schema: { params: idParams, body: z.object({ hidden: z.boolean() }).strict() } }, async (request, reply) => {
    await listings.setHidden(ctx, request.params.id, request.body.hidden);
    return reply.status(204).send();
  });

  app.get('/admin/tickets', { schema: { querystring: page, response: { 200: z.array(supportTicketJsonSchema) } } }, async (request) => {
    const rows = await ctx.db.select().from(supportTickets).orderBy(desc(supportTickets.createdAt)).limit(request.query.limit).offset(request.query.offset);
    return rows.map((t) => ({ _id: t.id, name: t.name, email: t.email, subject: t.subject, message: t.message, status: t.status, userId: t.userId, createdAt: t.createdAt.toISOString() }));
  });

  // Money (docs/product.md §5.11, §6.4, §6.6): disputes to resolve, payouts to send, and the platform's books.
  app.get('/admin/disputes', { schema: { response: { 200: orderDetailListJsonSchema } } }, async (request) => listOpenDisputes(ctx, requireAdmin(request)));
  app.post(
    '/admin/disputes/:orderId/resolve',
    { schema: { params: z.object({ orderId: idParam('ORDER_NOT_FOUND') }), body: resolveDisputeInput, response: { 200: orderDetailJsonSchema } } },
    async (request) => resolveDispute(ctx, requireAdmin(request), request.params.orderId, request.body),
  );
  app.get('/admin/payouts', { schema: { querystring: z.object({ status: z.enum(['requested', 'paid', 'rejected', 'all']).default('requested') }), response: { 200: z.array(adminPayoutJsonSchema) } } }, async (request) =>
    adminListPayouts(ctx, request.query.status),
  );
  const payoutParams = z.object({ id: idParam('PAYOUT_NOT_FOUND') });
  app.post('/admin/payouts/:id/paid', { schema: { params: payoutParams, body: payoutPaidInput, response: { 200: payoutJsonSchema } } }, async (request) =>
    decidePayout(ctx, requireAdmin(request), request.params.id, { paid: true, reference: request.body.reference }),
  );
  app.post('/admin/payouts/:id/rejected', { schema: { params: payoutParams, body: payoutRejectedInput, response: { 200: payoutJsonSchema } } }, async (request) =>
    decidePayout(ctx, requireAdmin(request), request.params.id, { paid: false, reason: request.body.reason }),
  );
  app.get('/admin/totals', { schema: { response: { 200: platformTotalsJsonSchema } } }, async () => adminTotals(ctx));
};
