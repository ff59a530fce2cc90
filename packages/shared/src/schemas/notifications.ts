import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';
import { pageLimit } from './fields.js';
import { errorCode } from '../error-code.js';

/** `GET /api/notifications?limit&before`: newest first; `before` is the `_id` of the last one of the page before. */
export const notificationListQuery = z.object({
  limit: pageLimit(20, 100),
  before: z.uuid(errorCode('NOTIFICATION_NOT_FOUND')).optional(),
});

/** `POST /api/notifications/read`: some of the caller's own (others' ids are ignored), or all of them. */
export const markNotificationsReadInput = z.union([
  z.object({ ids: z.array(z.uuid(errorCode('NOTIFICATION_NOT_FOUND'))).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** `GET/PATCH /api/notifications/preferences`: e-mail per kind (in-app notifications are always on). */
export const notificationPreferencesInput = z
  .object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) })
  .strict();
