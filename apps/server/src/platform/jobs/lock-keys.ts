/**
 * Every PostgreSQL advisory lock key the server takes, in one place: two holders of one key would wait for or skip
 * each other's work (two scheduled jobs once shared a key, and one of them never ran while the other did). The
 * keys are distinct by construction (lock-keys.test.ts) and stable across releases, since instances of two
 * releases may run side by side during a deploy.
 */
export const LOCK_KEYS = {
  /** The start: migrations, then demo data, once when several instances start together. */
  startup: 727_000,
  migrations: 727_001,
  'expire-files': 727_101,
  'expire-sessions': 727_102,
  'auto-complete-orders': 727_103,
  'sweep-order-files': 727_104,
  'sweep-course-videos': 727_105,
  'catalogue-statistics': 727_106,
  'move-chat-attachments': 727_107,
  'sweep-chat-attachments': 727_108,
  'scan-checks': 727_109,
  'auto-complete-reminders': 727_110,
  'notification-mail': 727_111,
  'sweep-jobs': 727_112,
} as const;

export type LockName = keyof typeof LOCK_KEYS;
