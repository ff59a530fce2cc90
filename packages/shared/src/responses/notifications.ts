import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notification-kinds.js';

/** What the notification routes answer (ADR 0027), as response schemas (docs/decisions/0039). */

export const notificationJsonSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The in-app path of the thing (`/orders/<id>`, `/message/<id>`, `/courses/<id>`, `/profile`). */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationJson = z.infer<typeof notificationJsonSchema>;

/** `GET /api/notifications`: a page, newest first. */
export const notificationPageJsonSchema = z.object({ items: z.array(notificationJsonSchema), hasMore: z.boolean() });
export const unreadCountJsonSchema = z.object({ count: z.number() });
/** `POST /api/notifications/read`: how many were marked, and how many stay unread. */
export const notificationsReadJsonSchema = z.object({ updated: z.number(), count: z.number() });

/** `GET/PATCH /api/notifications/preferences`: e-mail per kind (in-app notifications are always on). */
export const notificationPreferencesJsonSchema = z.object({ email: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()) });
export type NotificationPreferencesJson = z.infer<typeof notificationPreferencesJsonSchema>;
