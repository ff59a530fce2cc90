/** PostgreSQL error code of a failed query, looking through drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** A row still referenced: 23503 (NO ACTION foreign keys) or 23001 (RESTRICT ones). */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(pgErrorCode(error) ?? '');
