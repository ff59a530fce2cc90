import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';
import { hasBidiControls, hasControlCharacters, line, requiredText, searchText, stripBidiControls, text } from './fields.js';
import * as accountAnswers from '../responses/account.js';
import * as billingAnswers from '../responses/billing.js';
import * as commonAnswers from '../responses/common.js';
import * as courseAnswers from '../responses/courses.js';
import * as fileAnswers from '../responses/files.js';
import * as messagingAnswers from '../responses/messaging.js';
import * as moneyAnswers from '../responses/money.js';
import * as notificationAnswers from '../responses/notifications.js';
import * as orderAnswers from '../responses/orders.js';
import * as paymentAnswers from '../responses/payments.js';
import * as preferenceAnswers from '../responses/preferences.js';
import * as serviceAnswers from '../responses/services.js';
import * as systemAnswers from '../responses/system.js';
import * as userAnswers from '../responses/users.js';

const RESPONSE_MODULES = [
  accountAnswers,
  billingAnswers,
  commonAnswers,
  courseAnswers,
  fileAnswers,
  messagingAnswers,
  moneyAnswers,
  notificationAnswers,
  orderAnswers,
  paymentAnswers,
  preferenceAnswers,
  serviceAnswers,
  systemAnswers,
  userAnswers,
];

// ADR 0023: text fields refuse control characters, in one place (line/text in fields.ts).

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff'];
const FINE = ['سن مفردة', 'crown 😀', 'a\u200db', 'zircônia – 0.5 mm', 'x'.repeat(50)];
/** Every bidirectional control (ADR 0023, direction controls). */
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

const TITLE = { missing: 'FILL_IN_TITLE', tooLong: 'TITLE_TOO_LONG' } as const;

describe('line and text', () => {
  it.each(CONTROLS)('refuse %j inside a text, with the shared message', (c) => {
    for (const schema of [line(), text(), requiredText(100, TITLE), requiredText(100, TITLE, { multiLine: true })]) {
      const result = schema.safeParse(`ab${c}cd`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('CONTROL_CHARACTERS');
    }
  });

  it.each(BIDI)('remove the direction control %j from the text they keep, wherever it is', (c) => {
    expect(line().parse(`scan${c}gpj.stl`)).toBe('scangpj.stl');
    expect(text().parse(`${c} قطعة${c} ${c}\nline${c}`)).toBe('قطعة \nline');
    expect(requiredText(100, TITLE).parse(`${c}crown${c}`)).toBe('crown');
    // Nothing but direction controls is nothing: a required field says so.
    expect(requiredText(100, TITLE).safeParse(`${c}${c}`).success).toBe(false);
    expect(hasBidiControls(`a${c}`)).toBe(true);
    expect(stripBidiControls(`a${c}b${c}`)).toBe('ab');
  });

  it('take letters of any script, emoji and joiners', () => {
    for (const value of FINE) {
      expect(line().parse(value)).toBe(value);
      expect(text().parse(value)).toBe(value);
    }
  });

  it('keep tabs and line breaks in multi-line text only', () => {
    expect(text().parse('line 1\r\nline 2\tend')).toBe('line 1\r\nline 2\tend');
    for (const c of ['\t', '\n', '\r']) expect(line().safeParse(`a${c}b`).success).toBe(false);
    // Around the text they are trimmed first, as before.
    expect(line().parse('\t title \n')).toBe('title');
  });

  it('leave passwords untrimmed but refuse controls in them', () => {
    expect(line(undefined, { trim: false }).parse(' pass word ')).toBe(' pass word ');
    expect(line(undefined, { trim: false }).safeParse('pass\u0000word').success).toBe(false);
  });

  it('hasControlCharacters agrees with the schemas', () => {
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', true)).toBe(false);
    expect(hasControlCharacters('a\u0000b', true)).toBe(true);
    expect(searchText.safeParse('crown\u0000').success).toBe(false);
  });
});

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Whether a value of this schema may be a string (text, a format, an enum...). */
function holdsString(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string' || def.type === 'enum' || def.type === 'template_literal') return true;
  if (def.type === 'literal') return (def.values ?? []).some((v) => typeof v === 'string');
  if (WRAPPERS.has(def.type)) return holdsString(def.innerType!);
  if (def.type === 'pipe') return defOf(def.in!).type === 'transform' ? holdsString(def.out!) : holdsString(def.in!);
  if (def.type === 'union') return def.options!.some(holdsString);
  return false;
}

/** The string fields of a schema, by path, through objects, arrays, unions and wrappers. */
function stringFields(schema: z.ZodType, path: string[] = []): Array<{ path: string; schema: z.ZodType }> {
  if (holdsString(schema)) return [{ path: path.join('.'), schema }];
  const def = defOf(schema);
  if (def.type === 'object') return Object.entries(def.shape!).flatMap(([key, field]) => stringFields(field, [...path, key]));
  if (def.type === 'array') return stringFields(def.element!, [...path, '0']);
  if (WRAPPERS.has(def.type)) return stringFields(def.innerType!, path);
  if (def.type === 'pipe') return [...stringFields(def.in!, path), ...stringFields(def.out!, path)];
  if (def.type === 'union') return def.options!.flatMap((option) => stringFields(option, path));
  return [];
}

/** Values that are otherwise valid for many formats (a URL, an e-mail, a uuid), each with a control in it. */
const probes = (c: string) => [
  `ok${c}ok`,
  `${c}`,
  `https://example.com/a${c}b`,
  `a${c}b@example.com`,
  `00000000-0000-4000-8000-00000000000${c}`,
  `/media/images/a${c}.png`,
];

describe('every string field of every shared schema', () => {
  // Input schemas only: the response schemas (packages/shared/src/responses) describe what the server answers, not
  // what it accepts.
  const answers = new Set<unknown>(RESPONSE_MODULES.flatMap((m) => Object.values(m)));
  const schemas = Object.entries(shared as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType && !answers.has(entry[1]),
  );
  const fields = schemas.flatMap(([name, schema]) => stringFields(schema).map((f) => ({ name: `${name}.${f.path || '(value)'}`, schema: f.schema })));

  it('finds the schemas and their fields', () => {
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(['supportTicketSchema', 'sendMessageSchema', 'serviceCreateSchema', 'enrollInput', 'confirmOrderInput']));
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['supportTicketSchema.message', 'sendMessageSchema.attachments.0.name', 'profileEditSchema.website']));
  });

  it('refuses NUL, escape, C1 controls and half surrogate pairs', () => {
    const accepted: string[] = [];
    for (const field of fields) {
      for (const c of ['\u0000', '\u001b', '\u0085', '\ud800']) {
        for (const value of probes(c)) {
          if (field.schema.safeParse(value).success) accepted.push(`${field.name} took ${JSON.stringify(value)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('keep no direction control (an override, an isolate, a mark) in what they accept', () => {
    const kept: string[] = [];
    for (const field of fields) {
      // Passwords are secrets, never shown: kept exactly as typed, so an existing one still signs in.
      if (/password/i.test(field.name)) continue;
      for (const c of BIDI) {
        for (const value of probes(c)) {
          const result = field.schema.safeParse(value);
          if (result.success && (JSON.stringify(result.data) ?? '').includes(c)) kept.push(`${field.name} kept ${JSON.stringify(value)}`);
        }
      }
    }
    expect(kept).toEqual([]);
  });
});
