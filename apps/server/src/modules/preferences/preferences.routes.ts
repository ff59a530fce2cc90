import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presetInput, presetJsonSchema, presetListJsonSchema, presetUpdateInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { loggedIn, requireUser } from '../auth/index.js';
import * as presets from './preferences.service.js';
import { idParam } from '../../http-params.js';

// A malformed id is a 404 with this sentence (errors.ts, ADR 0023).
const idParams = z.object({ id: idParam('PRESET_NOT_FOUND') });

/** `/api/preferences`: the caller's saved prescription presets (docs/product.md §5.1), owner only. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/preferences', { ...loggedIn, schema: { response: { 200: presetListJsonSchema } } }, async (request) => presets.listPresets(ctx, requireUser(request)));

  app.post('/preferences', { ...loggedIn, schema: { body: presetInput, response: { 201: presetJsonSchema } } }, async (request, reply) =>
    reply.status(201).send(await presets.createPreset(ctx, requireUser(request), request.body)),
  );

  app.get('/preferences/:id', { ...loggedIn, schema: { params: idParams, response: { 200: presetJsonSchema } } }, async (request) =>
    presets.getPreset(ctx, requireUser(request), request.params.id),
  );

  app.patch('/preferences/:id', { ...loggedIn, schema: { params: idParams, body: presetUpdateInput, response: { 200: presetJsonSchema } } }, async (request) =>
    presets.updatePreset(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete('/preferences/:id', { ...loggedIn, schema: { params: idParams } }, async (request, reply) => {
    await presets.deletePreset(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
