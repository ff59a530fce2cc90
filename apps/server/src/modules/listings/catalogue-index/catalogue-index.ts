import { randomUUID } from 'node:crypto';
import type { ServiceListQuery } from '@cusp/shared';
import type { AppContext } from '../../../context.js';
import type { Database, Db } from '../../../db/client.js';
import { resolveSearch, type ResolvedSearch, type Vocabulary } from '../../../db/search.js';
import { CatalogueData, changedWhere, loadServices } from './catalogue-data.js';
import { servicePage } from './catalogue-page.js';
import { planOf, runQuery } from './catalogue-query.js';
import { createStems } from './stems.js';
import { indexVocabulary } from './vocabulary.js';

const indexes = new WeakMap<Database, CatalogueIndex>();

/**
 * The catalogue index of an app (one per open database, made at first use), or null when CATALOGUE_INDEX is off and
 * the list is answered in SQL.
 */
export function catalogueIndexOf(ctx: Pick<AppContext, 'config' | 'database'>): CatalogueIndex | null {
  if (!ctx.config.catalogueIndex) return null;
  let index = indexes.get(ctx.database);
  if (!index) indexes.set(ctx.database, (index = createCatalogueIndex(ctx.database.db, ctx.config.currency)));
  return index;
}

/** Marks waited for, by the database whose listener is to hear them. */
const marks = new WeakMap<object, Map<string, () => void>>();
const marksOf = (database: object) => {
  let mine = marks.get(database);
  if (!mine) marks.set(database, (mine = new Map()));
  return mine;
};

/**
 * Resolves once this app's listener has heard a mark announced after everything announced before it: every earlier
 * change has then reached its index and response cache (announcements arrive in commit order). For tests and tools.
 */
export async function announcementsHeard(database: Pick<Database, 'query'>): Promise<void> {
  const mark = `mark:${randomUUID()}`;
  const waiting = marksOf(database);
  const heard = new Promise<void>((resolve) => waiting.set(mark, resolve));
  try {
    await database.query(`select pg_notify('${CATALOGUE_CHANNEL}', $1)`, [mark]);
    await heard;
  } finally {
    waiting.delete(mark);
  }
}

/** The channel the database announces catalogue changes on (migration 0020). */
export const CATALOGUE_CHANNEL = 'cusp_catalogue';

/**
 * Has the app's index hear every change the database announces (migration 0020: 's:' service ids, 'd:' designer ids,
 * '*'), whoever made it, and read everything again when announcements may have been missed (the listening connection
 * was lost). The response cache is cleared after the index is told, so that no answer computed from the index before
 * the change is kept (the Redis message that clears it may arrive first). Returns the function that stops listening.
 */
export async function followDatabase(ctx: Pick<AppContext, 'config' | 'database' | 'catalogueCache'>): Promise<() => Promise<void>> {
  const index = catalogueIndexOf(ctx);
  if (!index) return async () => {};
  const told = (changes: CatalogueChanges | undefined) => {
    index.changed(changes, 'database');
    ctx.catalogueCache.clear();
  };
  return ctx.database.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      if (payload.startsWith('mark:')) return marksOf(ctx.database).get(payload)?.();
      const ids = payload.slice(2).split(',').filter(Boolean);
      told(payload.startsWith('s:') ? { services: ids } : payload.startsWith('d:') ? { designers: ids } : undefined);
    },
    () => told(undefined),
  );
}

/** What a write changed (`catalogueChanged`): services by id, and every service of some designers. */
export interface CatalogueChanges {
  services?: string[];
  designers?: string[];
}

export interface CatalogueList {
  /** The JSON array of the page's services. */
  body: string | Buffer;
  total: number;
  didYouMean: string | null;
}

export interface CatalogueIndex {
  /** `GET /gigs` and `GET /services` (and the administrator's list with hidden services). */
  list(query: ServiceListQuery, options?: { includeHidden?: boolean }): Promise<CatalogueList>;
  /** A visible service's page (with its designer's box), or null when the public does not see it. */
  page(id: string): Promise<Buffer | null>;
  /**
   * After a committed write: those services are read again before the next list or page. Without `changes`, all of
   * them: told here (`catalogueChanged()`), the next list waits for it; told by the database (more than 100 rows, a
   * lost connection), the old data answers until the new is read.
   */
  changed(changes?: CatalogueChanges, from?: 'here' | 'database'): void;
  /** Loads the catalogue now rather than at the first list. */
  warm(): Promise<void>;
}

/**
 * The catalogue index (ADR 0048): the services' list and public pages answered in this process, from the services'
 * rows and search vectors read once and then kept current by `changed`, so that a list URL never seen before costs no
 * SQL. The database stays the source of every fact; the index evaluates the list's query with the database's
 * semantics (catalogue-query.ts). A list waits for the changes told before it (`catalogueChanged`), so a writer sees
 * its own write; every instance also hears of every change from the database (`followDatabase`), made anywhere.
 */
export function createCatalogueIndex(db: Db, currency: string): CatalogueIndex {
  let data: CatalogueData | null = null;
  // Services and designers told about and not yet read again.
  const services = new Set<string>();
  const designers = new Set<string>();
  // Counters of what was told and what is done: a list waits only for what was told before it began, so a stream of
  // changes never holds it up. Ids: every change told with ids. Loads: every "read everything" told by this instance.
  let idsTold = 0;
  let idsApplied = 0;
  let loadsTold = 0;
  let loadsDone = 0;
  let syncing: Promise<void> | null = null;
  let loading: Promise<void> | null = null;
  let loadAgain = false;
  let loadFailed = false;
  // Ids told while everything is being read: read again on the new data once it is in place.
  let toldWhileLoading: { services: Set<string>; designers: Set<string> } | null = null;
  const stems = createStems(db);
  const vocabularies = new WeakMap<CatalogueData, Vocabulary>();

  /** Reads everything into new data, which replaces the old at the end: until then the old one answers. */
  function load(): Promise<void> {
    if (loading) {
      loadAgain = true;
      return loading;
    }
    const idsAtStart = idsTold;
    const loadsAtStart = loadsTold;
    const told = (toldWhileLoading = { services: new Set(), designers: new Set() });
    loadFailed = false;
    loading = (async () => {
      const fresh = new CatalogueData();
      for await (const batch of loadServices(db, currency)) for (const s of batch) fresh.put(s);
      for (const id of told.services) services.add(id);
      for (const id of told.designers) designers.add(id);
      data = fresh;
      idsApplied = idsAtStart;
      loadsDone = Math.max(loadsDone, loadsAtStart);
    })()
      .catch((error: unknown) => {
        loadFailed = true; // the next list tries again
        throw error;
      })
      .finally(() => {
        loading = null;
        toldWhileLoading = null;
        if (loadAgain) {
          loadAgain = false;
          void load().catch(() => {});
        }
      });
    return loading;
  }

  /** Reads the services told about again, into the data in place. */
  function pass(): Promise<void> {
    if (syncing) return syncing;
    const d = data!;
    const upTo = idsTold;
    const serviceIds = [...services];
    const designerIds = [...designers];
    services.clear();
    designers.clear();
    const retell = () => {
      for (const id of serviceIds) services.add(id);
      for (const id of designerIds) designers.add(id);
    };
    syncing = (async () => {
      if (serviceIds.length || designerIds.length) {
        const seen = new Set<string>();
        for await (const batch of loadServices(db, currency, changedWhere(serviceIds, designerIds)))
          for (const s of batch) {
            d.put(s);
            seen.add(s.id);
          }
        // What was asked about and not found is gone.
        for (const id of serviceIds) if (!seen.has(id)) d.drop(id);
        for (const designer of designerIds) for (const slot of [...(d.byUser.get(designer) ?? [])]) if (!seen.has(d.ids[slot]!)) d.drop(d.ids[slot]!);
      }
      if (data === d) idsApplied = Math.max(idsApplied, upTo);
      else retell(); // new data arrived meanwhile: these are read again on it
    })()
      .catch((error: unknown) => {
        retell();
        throw error;
      })
      .finally(() => (syncing = null));
    return syncing;
  }

  /** The data, with every change told before this call read (and every "read everything" told here, done). */
  async function ready(): Promise<CatalogueData> {
    const ids = idsTold;
    const loads = loadsTold;
    if (loadFailed && !loading && data) void load().catch(() => {});
    for (;;) {
      if (!data || loadsDone < loads) await (loading ?? load());
      else if (idsApplied < ids) await pass();
      else return data;
    }
  }

  const vocabularyOf = (d: CatalogueData) => {
    let v = vocabularies.get(d);
    if (!v) vocabularies.set(d, (v = indexVocabulary(d)));
    return v;
  };

  const plan = async (search: ResolvedSearch | null) => search && planOf(search, await stems.of(search.groups.flatMap((g) => [g.own, g.any])));

  return {
    async list(query, options = {}) {
      const d = await ready();
      const includeHidden = !!options.includeHidden;
      const search = await resolveSearch(vocabularyOf(d), query.search);
      const answer = runQuery(d, query, currency, await plan(search), includeHidden);
      let didYouMean: string | null = null;
      if (answer.total === 0 && search?.suggestion) {
        // "Did you mean": the suggestion, if it finds something under the same filters.
        const corrected = await plan(await resolveSearch(vocabularyOf(d), search.suggestion, { fuzzy: false }));
        if (corrected && runQuery(d, { ...query, sort: 'createdAt', offset: 0, limit: 1 }, currency, corrected, includeHidden).total > 0) didYouMean = search.suggestion;
      }
      return { ...answer, didYouMean };
    },
    async page(id) {
      return servicePage(await ready(), id.toLowerCase(), currency);
    },
    changed(changes, from = 'here') {
      if (!changes) {
        if (from === 'here') loadsTold += 1;
        void load().catch(() => {});
        return;
      }
      // Ids as the database prints them (a route may have been given them in capitals).
      for (const [kind, ids] of [['services', changes.services], ['designers', changes.designers]] as const) {
        for (const id of ids ?? []) {
          (kind === 'services' ? services : designers).add(id.toLowerCase());
          toldWhileLoading?.[kind].add(id.toLowerCase());
        }
      }
      idsTold += 1;
      // What the database announces is read at once, so that the next list seldom waits for it.
      if (from === 'database' && data && !syncing) void pass().catch(() => {});
    },
    async warm() {
      await ready();
    },
  };
}
