import { z } from 'zod';
import type { NotFoundCode } from '@cusp/shared';

/**
 * Path parameters that name a resource (docs/decisions/0023, 0056). A malformed one names nothing, so it answers 404
 * like an unknown one, with the resource's own code: the schema's message is that code, which the error handler
 * (./errors.ts) sends as it is. Only 404 codes are accepted, so a route cannot answer a 400 for its path.
 */
export const idParam = (code: NotFoundCode) => z.uuid(code);

/** A parameter checked whole by a pattern (a file name such as `{id}.pdf`), with its not-found code. */
export const paramMatching = (pattern: RegExp, code: NotFoundCode) => z.string().regex(pattern, code);
