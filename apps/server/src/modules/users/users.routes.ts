import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designerCardListJsonSchema, designerProfileSchema, pageLimit, pageOffset, profileEditSchema, profileJsonSchema, searchText, sessionUserSchema, SPECIALIZATIONS } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { listHeaders } from '../../db/search.js';
import { loggedIn, requireUser, toSessionUser } from '../auth/index.js';
import * as usersService from './users.service.js';
import { idParam } from '../../http-params.js';

const userIdParams = z.object({ userId: idParam('USER_NOT_FOUND') });

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      schema: {
        querystring: z.object({
          isDesigner: z.enum(['true']).default('true'),
          search: searchText,
          tag: z.enum(SPECIALIZATIONS).optional(),
          limit: pageLimit(24),
          offset: pageOffset,
        }),
        response: { 200: designerCardListJsonSchema },
      },
    },
    async (request, reply) => {
      const { items, total, didYouMean } = await usersService.listDesigners(ctx, request.query);
      return reply.headers(listHeaders(total, didYouMean)).send(items);
    },
  );

  app.get('/users/profile', { schema: { response: { 200: sessionUserSchema } } }, async (request) => toSessionUser(requireUser(request)));

  app.patch('/users/profile', { ...loggedIn, schema: { body: designerProfileSchema, response: { 200: sessionUserSchema } } }, async (request) => {
    const row = await usersService.completeDesignerProfile(ctx, requireUser(request), request.body);
    return toSessionUser(row);
  });

  app.get('/users/profile/:userId', { schema: { params: userIdParams, response: { 200: profileJsonSchema } } }, async (request) => usersService.getProfile(ctx, request.params.userId));

  app.patch('/users/profile/:userId', { ...loggedIn, schema: { params: userIdParams, body: profileEditSchema, response: { 200: profileJsonSchema } } }, async (request) => {
    const row = await usersService.editProfile(ctx, requireUser(request), request.params.userId, request.body);
    return usersService.profileOf(ctx, row);
  });
};
