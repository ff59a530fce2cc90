import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_MAX_BYTES, hasBidiControls, fileRecordJsonSchema, fileRecordListJsonSchema, line, pageLimit, pageOffset, sharedFileJsonSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError, fieldError } from '../../errors.js';
import { sendStored } from '../../platform/storage/send-file.js';
import { loggedIn, requireUser } from '../auth/index.js';
import * as filesService from './files.service.js';
import { paramMatching } from '../../http-params.js';

/** Multipart framing around the file never comes near this. */
const ENVELOPE_BYTES = 1024 * 1024;

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/file/upload', { ...loggedIn, schema: { response: { 201: fileRecordJsonSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    await ctx.limits.consumeAll([['uploadsUser', user.id], ['uploadsAddress', request.ip]]); // ADR 0021
    // Refuse a declared oversize body before reading a byte of it.
    if (Number(request.headers['content-length'] ?? 0) > FILE_MAX_BYTES + ENVELOPE_BYTES) {
      throw fieldError('FILE_TOO_LARGE', 'file');
    }
    if (!request.isMultipart()) throw fieldError('FILE_MISSING', 'file');
    let blob: filesService.StoredBlob | null = null;
    let name: string | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: FILE_MAX_BYTES + ENVELOPE_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || blob) {
            part.file.resume();
            throw new AppError('FILE_ONE_ONLY');
          }
          blob = await filesService.storeCaseFile(ctx, part);
        } else if (part.fieldname === 'name') {
          name = String(part.value);
          // The name shown on the files page and its share page: refused like the file's own name (ADR 0023).
          if (hasBidiControls(name)) throw fieldError('FILE_NAME_DIRECTION', 'name');
        }
        // Other fields (uploadDate, expiryDate, link...) are the server's to set and are ignored.
      }
      if (!blob) throw fieldError('FILE_MISSING', 'file');
      const record = await filesService.createFileRecord(ctx, user, blob, name);
      return reply.status(201).send(record);
    } catch (error) {
      if (blob) await ctx.storage.delete(blob.key);
      throw error;
    }
  });

  app.get(
    '/file',
    { ...loggedIn, schema: { querystring: z.object({ limit: pageLimit(100), offset: pageOffset }), response: { 200: fileRecordListJsonSchema } } },
    async (request, reply) => {
      const { items, total } = await filesService.listFiles(ctx, requireUser(request), request.query);
      return reply.header('x-total-count', total).send(items);
    },
  );

  app.delete('/file/delete', { ...loggedIn, schema: { body: z.object({ link: line({ error: 'Which file? Send its link.' }).min(1, 'Which file? Send its link.').max(500) }) } }, async (request, reply) => {
    await filesService.deleteFile(ctx, requireUser(request), request.body.link);
    return reply.status(204).send();
  });

  // The public link: no session needed, only the unguessable token.
  // Tokens are 32 random bytes in base64url (files.service.ts); anything else is a 404 (errors.ts, ADR 0023).
  const tokenParams = z.object({ token: paramMatching(/^[A-Za-z0-9_-]{1,100}$/, 'FILE_NOT_FOUND') });
  app.get('/files/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const row = await filesService.findShared(ctx, request.params.token);
    return sendStored(request, reply, ctx.storage, row.storageKey, {
      contentType: filesService.FILE_CONTENT_TYPES[row.kind],
      filename: row.name.includes('.') ? row.name : `${row.name}.${row.storageKey.split('.').pop()}`,
      disposition: 'attachment',
    });
  });

  app.get('/files/:token/info', { schema: { params: tokenParams, response: { 200: sharedFileJsonSchema } } }, async (request, reply) => {
    const row = await filesService.findShared(ctx, request.params.token);
    return reply.header('cache-control', 'no-store').send(filesService.toSharedJson(ctx, row));
  });
};
