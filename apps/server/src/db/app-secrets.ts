import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { appSecrets } from './schema/index.js';

const cache = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * A key a migration made in `app_secrets` (the unsubscribe links' since 0011, the known-device cookie's since 0022),
 * read once per database: every instance signs and checks with the same key, and none is in the repository or the
 * environment by default. A failed read is forgotten, so the next call tries again.
 */
export function appSecret(database: Database, name: string): Promise<string> {
  let keys = cache.get(database);
  if (!keys) cache.set(database, (keys = new Map()));
  let key = keys.get(name);
  if (!key) {
    key = database.db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, name))
      .then(([row]) => {
        if (!row) throw new Error(`app_secrets has no "${name}" key (a migration makes it)`);
        return row.value;
      });
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}
