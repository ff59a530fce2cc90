import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { notifyDesignerVerified, type NotifySettings } from '../notifications/index.js';

/** What `npm run admin -- <command> <email>` can do (vetting and administrator rights: docs/product.md §4.7, §2.4). */
export const ADMIN_COMMANDS = {
  grant: { isAdmin: true },
  revoke: { isAdmin: false },
  verify: { isVerified: true },
  unverify: { isVerified: false },
  /** Confirms a member's e-mail address by hand, for a server without SMTP whose mail nobody receives (ADR 0050). */
  'confirm-email': { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` },
} as const;

export type AdminCommand = keyof typeof ADMIN_COMMANDS;

export const isAdminCommand = (value: string | undefined): value is AdminCommand =>
  value !== undefined && Object.hasOwn(ADMIN_COMMANDS, value);

/**
 * Applies the command; returns the username it changed, or null when no user has that e-mail. Verifying a designer
 * notifies them in the same transaction when `notifications` is given (the CLI passes its configuration, ADR 0027).
 */
export async function applyAdminCommand(db: Db, command: AdminCommand, email: string, notifications?: NotifySettings): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...ADMIN_COMMANDS[command], updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id, username: users.username, isVerified: users.isVerified, isDesigner: users.isDesigner });
    if (updated && command === 'verify' && notifications) await notifyDesignerVerified(notifications, tx, updated);
    return updated?.username ?? null;
  });
}
