import type { ErrorCode } from './error-codes.js';

/**
 * The message a shared schema gives a zod issue: the code of ERRORS it raises (docs/decisions/0056), never an English
 * sentence. The server writes the code's English sentence into `fieldErrors` and the code into `fieldCodes`
 * (apps/server/src/errors.ts); the web forms, which check with the same schemas, show `codes.<CODE>` in the reader's
 * language (apps/web/src/lib/messages.ts). Zod-free and type-only, so the schemas can use it without an import cycle.
 */
export const errorCode = <C extends ErrorCode>(code: C): C => code;
