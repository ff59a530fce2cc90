/** The notifications module's public entry (docs/decisions/0029): what other modules tell users, and the mail worker. */
export { notificationsRoutes } from './notifications.routes.js';
export { startNotificationRelay } from './notifications.service.js';
export { notificationSocketHandlers } from './notifications.socket.js';
export {
  notifyDesignerVerified,
  notifyEnrolment,
  notifyOrderEvent,
  notifyPayoutDecided,
  notifyChatMessages,
  recipientAway,
  remindAutoCompletions,
} from './events.js';
export { sendDueMails } from './mail-worker.js';
export type { NotifySettings } from './notify.js';
