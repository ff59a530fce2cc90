import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** What `npm run admin -- <command> <email>` can do (vetting and administrator rights: docs/product.md §4.7, §2.4). */
export const ADMIN_COMMANDS = {
  grant: { isAdmin: true },
  revoke: { isAdmin: false },
  verify: { isVerified: true },
  unverify: { isVerified: false },
} as const;

export type AdminCommand = keyof typeof ADMIN_COMMANDS;

export const isAdminCommand = (value: string | undefined): value is AdminCommand =>
  value !== undefined && Object.hasOwn(ADMIN_COMMANDS, value);

/** Applies the command; returns the username it changed, or null when no user has that e-mail. */
export async function applyAdminCommand(db: Db, command: AdminCommand, email: string): Promise<string | null> {
  const [updated] = await db
    .update(users)
    .set({ ...ADMIN_COMMANDS[command], updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ username: users.username });
  return updated?.username ?? null;
}
