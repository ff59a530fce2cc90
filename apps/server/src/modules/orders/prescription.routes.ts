import { asc, and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderFileJsonSchema, orderFileRoleInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderFiles, users } from '../../db/schema/index.js';
import { loggedIn, requireUser } from '../auth/index.js';
import * as filesService from './order-files.service.js';
import { dueByOf, prescriptionOf } from './orders.presenter.js';
import { participantOrder } from './orders.service.js';
import { documentRenderer, type LayoutModule } from '../../platform/pdf/documents.js';
import type { prescriptionPdf, PdfLanguage } from './prescription-pdf.js';
import { idParam } from '../../http-params.js';

/**
 * The prescription's layout, run in the document workers (docs/decisions/0052). Not kept like a receipt: it
 * changes with the order until work starts, and it is health data, which is stored once, in the order.
 */
const LAYOUTS: LayoutModule = { bundled: 'prescription-pdf', source: new URL('./prescription-pdf.ts', import.meta.url) };

/** The prescription's own routes (docs/product.md §5.1): a case file's role, and the prescription as a PDF. */
export const prescriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The buyer corrects the role guessed at upload, until the order is paid.
  app.patch(
    '/order-files/:fileId',
    { ...loggedIn, schema: { params: z.object({ fileId: idParam('CASE_FILE_NOT_FOUND') }), body: orderFileRoleInput, response: { 200: orderFileJsonSchema } } },
    async (request) => filesService.setFileRole(ctx, requireUser(request), request.params.fileId, request.body.role),
  );

  // One A4 page for the order's two parties, in the reader's language (?lang=, else the lang cookie).
  app.get(
    '/orders/:id/prescription.pdf',
    {
      ...loggedIn,
      schema: {
        params: z.object({ id: idParam('ORDER_NOT_FOUND') }),
        querystring: z.object({ lang: z.enum(['en', 'ar']).optional() }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await ctx.limits.consume('documentsUser', user.id);
      const order = await participantOrder(ctx, user, request.params.id);
      const language: PdfLanguage = request.query.lang ?? (request.cookies.lang === 'ar' ? 'ar' : 'en');
      const [parties, files] = await Promise.all([
        ctx.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, order.buyerId)).union(
          ctx.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, order.sellerId)),
        ),
        ctx.db
          .select({ name: orderFiles.name, role: orderFiles.role })
          .from(orderFiles)
          .where(and(eq(orderFiles.orderId, order.id), isNull(orderFiles.eventId)))
          .orderBy(asc(orderFiles.createdAt)),
      ]);
      const nameOf = (id: string) => parties.find((p) => p.id === id)?.username ?? '';
      const pdf = await documentRenderer().render<typeof prescriptionPdf>(user.id, LAYOUTS, 'prescriptionPdf', [{
        language,
        orderId: order.id,
        title: order.title,
        buyer: nameOf(order.buyerId),
        designer: nameOf(order.sellerId),
        createdAt: order.createdAt,
        dueBy: dueByOf(order),
        quantity: order.quantity,
        unitOrArch: order.unitOrArch,
        prescription: prescriptionOf(order),
        files,
      }]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="prescription-${order.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
