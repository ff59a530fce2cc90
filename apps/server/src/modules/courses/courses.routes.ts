import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseCreateSchema,
  courseDetailJsonSchema,
  courseListJsonSchema,
  courseListQuery,
  courseUpdateSchema,
  courseVideoJsonSchema,
  enrolledCourseListJsonSchema,
  enrollInput,
  enrollmentJsonSchema,
  lessonProgressInput,
  lessonProgressJsonSchema,
  publishedCourseListJsonSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { listHeaders } from '../../db/search.js';
import { jsonWith, queryKey, sendAnswer } from '../../platform/response-cache.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { receiveOneFile } from '../../platform/storage/receive-file.js';
import { sendStored } from '../../platform/storage/send-file.js';
import { loggedIn, requireUser, verifiedOnly } from '../auth/index.js';
import { lessonVideoFor, storeCourseVideo, videoForUploader } from './course-videos.js';
import * as coursesService from './courses.service.js';
import * as enrollmentsService from './enrollments.service.js';
import { idParam } from '../../http-params.js';

// A malformed id names nothing, so it is a 404 like an unknown one, with these sentences (errors.ts, ADR 0023).
const courseParams = z.object({ id: idParam('COURSE_NOT_FOUND') });
const lessonParams = courseParams.extend({ lessonId: idParam('LESSON_NOT_FOUND') });
const videoParams = z.object({ videoId: idParam('VIDEO_NOT_FOUND') });
/** Every Range request asks again who is watching (docs/product.md §10.2), so nothing may keep a copy. */
const VIDEO_CACHE = 'private, no-store';

export const coursesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The list is the same for every viewer: cached whole (ADR 0016). A course's page is not (enrolment,
  // progress, which videos the viewer may play), so it is never cached.
  app.get('/courses', { schema: { querystring: courseListQuery, response: { 200: courseListJsonSchema } } }, async (request, reply) => {
    const answer = await ctx.catalogueCache.getOrCompute(queryKey('courses', request.query), async () => {
      const { items, total, didYouMean } = await coursesService.listCourses(ctx, request.query);
      return { body: jsonWith(courseListJsonSchema, items), headers: listHeaders(total, didYouMean) };
    });
    return sendAnswer(reply, answer);
  });

  app.get('/courses/mine', { ...loggedIn, schema: { response: { 200: publishedCourseListJsonSchema } } }, async (request) => coursesService.listPublished(ctx, requireUser(request)));

  app.get('/courses/:id', { schema: { params: courseParams, response: { 200: courseDetailJsonSchema } } }, async (request) =>
    coursesService.getCourse(ctx, request.params.id, request.user),
  );

  // Selling waits for a confirmed address (ADR 0050), its videos too.
  app.post('/courses', { ...verifiedOnly, schema: { body: courseCreateSchema, response: { 201: courseDetailJsonSchema } } }, async (request, reply) => {
    const course = await coursesService.createCourse(ctx, requireUser(request), request.body);
    return reply.status(201).send(course);
  });

  app.patch('/courses/:id', { ...loggedIn, schema: { params: courseParams, body: courseUpdateSchema, response: { 200: courseDetailJsonSchema } } }, async (request) =>
    coursesService.updateCourse(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete('/courses/:id', { ...loggedIn, schema: { params: courseParams } }, async (request, reply) => {
    await coursesService.deleteCourse(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  // Lesson videos (docs/product.md §10.2): uploaded here, never to /media, and streamed only through the routes below.
  app.post('/courses/videos', { ...verifiedOnly, schema: { response: { 201: courseVideoJsonSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const file = await receiveOneFile(request, ctx.limits, user.id, { maxBytes: uploadLimits.courseVideo, tooLarge: 'VIDEO_TOO_LARGE' });
    const video = await storeCourseVideo(ctx, user, file);
    return reply.status(201).send(video);
  });

  app.get('/courses/videos/:videoId', { ...loggedIn, schema: { params: videoParams } }, async (request, reply) => {
    const video = await videoForUploader(ctx, requireUser(request), request.params.videoId);
    return sendStored(request, reply, ctx.storage, video.storageKey, { contentType: video.contentType, cacheControl: VIDEO_CACHE });
  });

  app.get('/courses/:id/lessons/:lessonId/video', { schema: { params: lessonParams } }, async (request, reply) => {
    const video = await lessonVideoFor(ctx, request.user, request.params.id, request.params.lessonId);
    return sendStored(request, reply, ctx.storage, video.storageKey, { contentType: video.contentType, cacheControl: VIDEO_CACHE });
  });

  app.post(
    '/courses/:id/lessons/:lessonId/progress',
    { ...loggedIn, schema: { params: lessonParams, body: lessonProgressInput, response: { 200: lessonProgressJsonSchema } } },
    async (request) => enrollmentsService.saveProgress(ctx, requireUser(request), request.params.id, request.params.lessonId, request.body),
  );

  app.post('/enroll', { ...loggedIn, schema: { body: enrollInput, response: { 200: enrollmentJsonSchema, 201: enrollmentJsonSchema } } }, async (request, reply) => {
    const { status, enrollment } = await enrollmentsService.enroll(ctx, requireUser(request), request.body);
    return reply.status(status).send(enrollment);
  });

  app.get('/enroll/my', { ...loggedIn, schema: { response: { 200: enrolledCourseListJsonSchema } } }, async (request) => enrollmentsService.myCourses(ctx, requireUser(request)));
};
