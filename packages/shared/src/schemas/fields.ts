import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from '../messages.js';

/**
 * Text hygiene (ADR 0023). Every text field of every schema is built from `line` or `text` below (a
 * test walks the exported schemas to hold that), so none lets through what PostgreSQL cannot store
 * (NUL), what no person types (escape, backspace, C1 codes) or half of a surrogate pair.
 */
// Control characters are the point of these two expressions.
/* eslint-disable no-control-regex */
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Multi-line text may also hold tabs and line breaks. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/* eslint-enable no-control-regex */

/** True when `value` holds a character a text field refuses (`multiLine`: tab, CR and LF are fine). */
export const hasControlCharacters = (value: string, multiLine = false) => (multiLine ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);

type StringParams = Parameters<typeof z.string>[0];

/**
 * A single-line text (a name, a title, a search, an id-like token): trimmed (unless `trim: false`,
 * for passwords), then refused with CONTROL_CHARACTERS_MESSAGE if it holds any control character.
 * Chain `.min()`, `.max()`, `.regex()`... on it as on `z.string()`.
 */
export const line = (params?: StringParams, options: { trim?: boolean } = {}) => {
  const base = options.trim === false ? z.string(params) : z.string(params).trim();
  return base.refine((v) => !CONTROL_IN_LINE.test(v), CONTROL_CHARACTERS_MESSAGE);
};

/** A multi-line text (a description, a message, a note): as `line`, but tabs and line breaks stay. */
export const text = (params?: StringParams) =>
  z
    .string(params)
    .trim()
    .refine((v) => !CONTROL_IN_TEXT.test(v), CONTROL_CHARACTERS_MESSAGE);

/** `Please fill in the {field} field.` (docs/product.md §14.2), for required text. */
export const fillInField = (field: string) => `Please fill in the ${field} field.`;

export const requiredText = (field: string, max: number, options: { multiLine?: boolean } = {}) =>
  (options.multiLine ? text : line)({ error: fillInField(field) })
    .min(1, fillInField(field))
    .max(max, `The ${field} field is at most ${max} characters.`);

/** `limit` of a list query: 1 to `max` rows, `fallback` when absent. */
export const pageLimit = (fallback: number, max = 100) => z.coerce.number().int().min(1).max(max).default(fallback);
/** `offset` of a list query: bounded, so a huge one is a 400, not a number the database refuses. */
export const PAGE_OFFSET_MAX = 100_000;
export const pageOffset = z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0);
/** `search` of a list query. */
export const searchText = line().max(100).optional();

export const MEDIA_URL_MESSAGE = 'Please upload the image through Cusp.';
/** Media must have been uploaded through the product (docs/product.md §8.3): a `/media/...` path, never a foreign URL. */
export const mediaUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/media\/[a-z0-9-]+\/[a-zA-Z0-9._-]+$/, MEDIA_URL_MESSAGE);

export const optionalMediaUrl = z.union([mediaUrl, z.literal(''), z.null()]).optional().transform((v) => v || null);

/** The highest price a service can have, major units. */
export const PRICE_MAX = 1_000_000;

/** A price typed in major units with at most two decimals. */
export const price = (field: string) =>
  z.coerce
    .number({ error: fillInField(field) })
    .refine((v) => Number.isFinite(v), fillInField(field))
    .min(0.01, `The ${field} must be greater than zero.`)
    .max(PRICE_MAX, `The ${field} is too high.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `The ${field} can have at most two decimals.`);
