import { z } from 'zod';
import { pageLimit } from './fields.js';

/**
 * What members are told about (issue 19, docs/product.md §16, docs/decisions/0027). The server stores the kind and
 * its params; each app renders the text in its reader's language (`notifications.kinds.<kind>` in the locales),
 * and the e-mail is written in the recipient's e-mail language.
 */
export const NOTIFICATION_KINDS = [
  'order_paid',
  'order_delivered',
  'order_revision_requested',
  'order_accepted',
  'order_auto_completed',
  'order_auto_complete_soon',
  'order_cancelled',
  'review_received',
  'course_enrolled',
  'message_received',
  'designer_verified',
  'order_disputed',
  'dispute_answered',
  'dispute_resolved',
  'refund_offered',
  'refund_accepted',
  'refund_declined',
  'payout_paid',
  'payout_rejected',
  'extension_requested',
  'extension_accepted',
  'extension_declined',
  'rescan_requested',
  'scans_added',
  'revision_bought',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/**
 * The params each kind carries (all strings or numbers, safe to show): `title` of the order or course, `name` of
 * the other person, `stars` of a review, `refunded` for a cancelled paid order, `preview` of a chat message.
 */
export type NotificationParams = Record<string, string | number | boolean>;

export interface NotificationJson {
  _id: string;
  kind: NotificationKind;
  params: NotificationParams;
  /** The in-app path of the thing (`/orders/<id>`, `/message/<id>`, `/courses/<id>`, `/profile`). */
  link: string;
  read: boolean;
  createdAt: string;
}

/** `GET /api/notifications?limit&before`: newest first; `before` is the `_id` of the last one of the page before. */
export const notificationListQuery = z.object({
  limit: pageLimit(20, 100),
  before: z.uuid('Unknown notification.').optional(),
});

/** `POST /api/notifications/read`: some of the caller's own (others' ids are ignored), or all of them. */
export const markNotificationsReadInput = z.union([
  z.object({ ids: z.array(z.uuid('Unknown notification.')).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** `GET/PATCH /api/notifications/preferences`: e-mail per kind (in-app notifications are always on). */
export const notificationPreferencesInput = z
  .object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) })
  .strict();
export interface NotificationPreferencesJson {
  email: Record<NotificationKind, boolean>;
}
