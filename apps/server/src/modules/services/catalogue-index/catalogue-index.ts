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

/** The channel the database announces catalogue changes on (migration 0020). */
export const CATALOGUE_CHANNEL = 'cusp_catalogue';

/**
 * Has `index` hear every change the database announces (migration 0020: 's:' service ids, 'd:' designer ids, '*'),
 * whoever made it, and read everything again when announcements may have been missed (the listening connection was
 * lost). Returns the function that stops listening.
 */
export function followDatabase(database: Pick<Database, 'listen'>, index: CatalogueIndex): Promise<() => Promise<void>> {
  return database.listen(
    CATALOGUE_CHANNEL,
    (payload) => {
      const ids = payload.slice(2).split(',').filter(Boolean);
      if (payload.startsWith('s:')) index.changed({ services: ids });
      else if (payload.startsWith('d:')) index.changed({ designers: ids });
      else index.changed();
    },
    () => index.changed(),
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
  /** After a committed write: those services (or, without `changes`, all of them) are read again before the next list. */
  changed(changes?: CatalogueChanges): void;
  /** Loads the catalogue now rather than at the first list. */
  warm(): Promise<void>;
}

/**
 * The catalogue index (issue 21 item 2, ADR 0048): the services' list and public pages answered in this process, from the services'
 * rows and search vectors read once and then kept current by `changed`, so that a list URL never seen before costs no
 * SQL. The database stays the source of every fact; the index evaluates the list's query with the database's
 * semantics (catalogue-query.ts). A list waits for the changes told before it (`catalogueChanged`), so a writer sees
 * its own write; every instance also hears of every change from the database (`followDatabase`), made anywhere.
 */
export function createCatalogueIndex(db: Db, currency: string): CatalogueIndex {
  let data: CatalogueData | null = null;
  let everything = true;
  const services = new Set<string>();
  const designers = new Set<string>();
  let syncing: Promise<void> | null = null;
  const stems = createStems(db);
  const vocabularies = new WeakMap<CatalogueData, Vocabulary>();

  async function syncOnce() {
    if (everything || !data) {
      everything = false;
      services.clear();
      designers.clear();
      const fresh = new CatalogueData();
      for await (const batch of loadServices(db, currency)) for (const s of batch) fresh.put(s);
      data = fresh;
      return;
    }
    const serviceIds = [...services];
    const designerIds = [...designers];
    services.clear();
    designers.clear();
    const seen = new Set<string>();
    for await (const batch of loadServices(db, currency, changedWhere(serviceIds, designerIds)))
      for (const s of batch) {
        data.put(s);
        seen.add(s.id);
      }
    // What was asked about and not found is gone.
    for (const id of serviceIds) if (!seen.has(id)) data.drop(id);
    for (const designer of designerIds) for (const slot of [...(data.byUser.get(designer) ?? [])]) if (!seen.has(data.ids[slot]!)) data.drop(data.ids[slot]!);
  }

  async function sync(): Promise<CatalogueData> {
    while (syncing || everything || services.size || designers.size || !data) {
      if (!syncing)
        syncing = syncOnce()
          .catch((error: unknown) => {
            everything = true; // read it all again next time rather than miss what this pass lost
            throw error;
          })
          .finally(() => (syncing = null));
      await syncing;
    }
    return data;
  }

  const vocabularyOf = (d: CatalogueData) => {
    let v = vocabularies.get(d);
    if (!v) vocabularies.set(d, (v = indexVocabulary(d)));
    return v;
  };

  const plan = async (search: ResolvedSearch | null) => search && planOf(search, await stems.of(search.groups.flatMap((g) => [g.own, g.any])));

  return {
    async list(query, options = {}) {
      const d = await sync();
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
      return servicePage(await sync(), id, currency);
    },
    changed(changes) {
      if (!changes) everything = true;
      else {
        for (const id of changes.services ?? []) services.add(id);
        for (const id of changes.designers ?? []) designers.add(id);
      }
    },
    async warm() {
      await sync();
    },
  };
}
