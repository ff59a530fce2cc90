import { z } from 'zod';
import { westernDigits } from '../digits.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

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

/**
 * Unicode's bidirectional controls (ADR 0023, direction controls): embeddings and overrides (U+202A–U+202E),
 * isolates (U+2066–U+2069), the direction marks (U+200E, U+200F) and the Arabic letter mark (U+061C). An override
 * shows `scan<U+202E>gpj.stl` as `scanlts.jpg`, and an unclosed one reorders whatever the page shows after it.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/** True when `value` holds a bidirectional control: file names refuse them (FILE_NAME_DIRECTION). */
export const hasBidiControls = (value: string) => BIDI_CONTROL.test(value);
/** `value` without its bidirectional controls: what every text field keeps of what was typed. */
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/** True when `value` holds a character a text field refuses (`multiLine`: tab, CR and LF are fine). */
export const hasControlCharacters = (value: string, multiLine = false) => (multiLine ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);

type StringParams = Parameters<typeof z.string>[0];

/**
 * A single-line text (a name, a title, a search, an id-like token): bidirectional controls removed (they are
 * not refused: an Arabic keyboard types the direction marks, and a person cannot see what to delete) and
 * trimmed, unless `trim: false` (passwords and tokens, kept exactly as typed), then refused with CONTROL_CHARACTERS if it holds any
 * control character. `digits: true` is for a field of digits (a phone, a card, an IBAN, a date): Arabic-Indic and
 * Persian digits become ASCII before any check (../digits.ts). Chain `.min()`, `.max()`, `.regex()`... on it as on `z.string()`.
 */
export const line = (params?: StringParams, options: { trim?: boolean; digits?: boolean } = {}) => {
  let base = options.trim === false ? z.string(params) : z.string(params).overwrite(stripBidiControls).trim();
  if (options.digits) base = base.overwrite(westernDigits);
  return base.refine((v) => !CONTROL_IN_LINE.test(v), errorCode('CONTROL_CHARACTERS'));
};

/** A multi-line text (a description, a message, a note): as `line`, but tabs and line breaks stay. */
export const text = (params?: StringParams) =>
  z
    .string(params)
    .overwrite(stripBidiControls)
    .trim()
    .refine((v) => !CONTROL_IN_TEXT.test(v), errorCode('CONTROL_CHARACTERS'));

/** Required text up to `max` characters: `missing` when empty, `tooLong` beyond (codes of ERRORS, docs/decisions/0056). */
export const requiredText = (max: number, codes: { missing: ErrorCode; tooLong: ErrorCode }, options: { multiLine?: boolean } = {}) =>
  (options.multiLine ? text : line)({ error: codes.missing })
    .min(1, codes.missing)
    .max(max, codes.tooLong);

/** A number as text: decimal digits, an optional minus and decimals; no hex, exponent, space or plus. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number that may come as text (a query, a form field): the text must be decimal digits (ADR 0023, numbers), so
 * `0x10`, `1e3`, ` 5`, `+5`, `Infinity` and `''` are refused with the schema's own message, where `z.coerce`
 * (`Number(text)`) read them as 16, 1000, 5, 5, Infinity and 0. A JSON number goes through as it is.
 * Wrap the number schema: `numeric(z.number({ error }).int().min(1))`, then `.optional()`/`.default()` outside.
 */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const digits = westernDigits(value);
    return DECIMAL.test(digits) ? Number(digits) : value;
  }, schema);

/** `limit` of a list query: 1 to `max` rows, `fallback` when absent. */
export const pageLimit = (fallback: number, max = 100) => numeric(z.number().int().min(1).max(max)).default(fallback);
/** `offset` of a list query: bounded, so a huge one is a 400, not a number the database refuses. */
export const PAGE_OFFSET_MAX = 100_000;
export const pageOffset = numeric(z.number().int().min(0).max(PAGE_OFFSET_MAX)).default(0);
/** `search` of a list query. */
export const searchText = line().max(100).optional();

/** Media must have been uploaded through the product (docs/product.md §8.3): a `/media/...` path, never a foreign URL. */
export const mediaUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/media\/[a-z0-9-]+\/[a-zA-Z0-9._-]+$/, errorCode('MEDIA_URL_INVALID'));

export const optionalMediaUrl = z.union([mediaUrl, z.literal(''), z.null()]).optional().transform((v) => v || null);

/** The highest price a service can have, major units. */
export const PRICE_MAX = 1_000_000;

/** A price typed in major units with at most two decimals. */
export const price = (codes: { missing: ErrorCode; notAboveZero: ErrorCode; tooHigh: ErrorCode; decimals: ErrorCode }) =>
  numeric(z
    .number({ error: codes.missing })
    .refine((v) => Number.isFinite(v), codes.missing)
    .min(0.01, codes.notAboveZero)
    .max(PRICE_MAX, codes.tooHigh)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, codes.decimals));
