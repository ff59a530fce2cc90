/**
 * The message a shared schema gives a zod issue: the code of ERRORS it raises (docs/decisions/0056), never an English
 * sentence. The server writes the code's English sentence into `fieldErrors` and the code into `fieldCodes`
 * (apps/server/src/errors.ts); the web forms, which check with the same schemas, show `codes.<CODE>` in the reader's
 * language (apps/web/src/lib/messages.ts). Zod-free and type-only, so the schemas can use it without an import cycle.
 */
export const errorCode = <C extends ErrorCodeName>(code: C): C => code;

/**
 * The codes, known here without importing ERRORS: error-codes.ts, which imports the schemas for their limits, fills
 * this in by declaration merging, so the schemas can name codes type-checked with no import cycle (docs/decisions/0029).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by error-codes.ts
export interface ErrorCodeRegistry {}
export type ErrorCodeName = keyof ErrorCodeRegistry;
