import { sql } from 'drizzle-orm';
import type { DesignerProfileInput } from '@cusp/shared';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { applyAdminCommand } from '../modules/admin/index.js';
import { hashPassword } from '../modules/auth/index.js';
import { insertDemoUser } from './direct-writes.js';

/**
 * The demo accounts of the README: a person can log in at once after the first start. `designer` is the designer
 * profile the account completes (seed/demo-catalogue.ts, through the users' service); `grant` and `verify` are the
 * administrator's commands (`npm run admin`) applied to it.
 */
interface DemoAccount {
  username: string;
  email: string;
  password: string;
  phone: string;
  grant?: Array<'grant' | 'verify'>;
  designer?: DesignerProfileInput;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'demo_buyer', email: 'buyer@cusp.test', password: 'buyer-demo-1', phone: '+1 555 0100' },
  {
    username: 'demo_designer',
    email: 'designer@cusp.test',
    password: 'designer-demo-1',
    phone: '+1 555 0101',
    grant: ['verify'],
    designer: {
      role: ['Crown', 'Implant'],
      experience: '5-10',
      description: 'Crown, bridge and implant designs in exocad and 3Shape, delivered within 24 hours.',
      software: ['exocad', '3Shape'],
    },
  },
  { username: 'demo_admin', email: 'admin@cusp.test', password: 'admin-demo-1', phone: '+1 555 0102', grant: ['grant'] },
];

/**
 * Seeds only an empty database, so a restart never duplicates or resurrects anything.
 * Returns the ids of the demo accounts by username when it seeded, null otherwise.
 */
export async function seedDemoAccounts(db: Db): Promise<Record<string, string> | null> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const row = await insertDemoUser(db, account, await hashPassword(account.password));
    for (const command of account.grant ?? []) await applyAdminCommand(db, command, account.email);
    ids[account.username] = row.id;
  }
  return ids;
}
