import { customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL full-text vector; only ever written by generated columns. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
