// Zod-free, so that the app shell (the notification bell) can read the kinds without loading zod (bench/pages.ts).

/**
 * What members are told about (docs/product.md §16, docs/decisions/0027). The server stores the kind and
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

// NotificationJson and NotificationPreferencesJson: derived from the response schemas in responses/notifications.ts.
