import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, type UserRow } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/index.js';

/** The demo accounts of the README: a person can log in at once after the first start. */
type DemoAccount = Partial<UserRow> & Pick<UserRow, 'username' | 'email' | 'phone'> & { password: string };

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demo_buyer',
    email: 'buyer@cusp.test',
    password: 'buyer-demo-1',
    phone: '+1 555 0100',
    isDesigner: false,
    isAdmin: false,
  },
  {
    username: 'demo_designer',
    email: 'designer@cusp.test',
    password: 'designer-demo-1',
    phone: '+1 555 0101',
    isDesigner: true,
    isAdmin: false,
    isVerified: true,
    specializations: ['Crown', 'Implant'],
    experience: '5-10',
    description: 'Crown, bridge and implant designs in exocad and 3Shape, delivered within 24 hours.',
    cadSoftware: ['exocad', '3Shape'],
  },
  {
    username: 'demo_admin',
    email: 'admin@cusp.test',
    password: 'admin-demo-1',
    phone: '+1 555 0102',
    isDesigner: false,
    isAdmin: true,
  },
];

/**
 * Seeds only an empty database, so a restart never duplicates or resurrects anything.
 * Returns the ids of the demo accounts by username when it seeded, null otherwise.
 */
export async function seedDemoAccounts(db: Db): Promise<Record<string, string> | null> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const ids: Record<string, string> = {};
  for (const { password, ...account } of DEMO_ACCOUNTS) {
    const [row] = await db.insert(users).values({ ...account, passwordHash: await hashPassword(password) }).returning({ id: users.id });
    ids[account.username] = row!.id;
  }
  return ids;
}
