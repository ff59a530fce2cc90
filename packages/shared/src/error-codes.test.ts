import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERRORS, isErrorCode, sentenceOf } from './error-codes.js';
import * as shared from './index.js';

describe('ERRORS (docs/decisions/0056)', () => {
  it('gives every code a sentence of its own, so no sentence stands for two codes', () => {
    const codesOf = new Map<string, string[]>();
    for (const [code, { message }] of Object.entries(ERRORS)) {
      expect(message.trim(), code).not.toBe('');
      codesOf.set(message, [...(codesOf.get(message) ?? []), code]);
    }
    expect([...codesOf].filter(([, codes]) => codes.length > 1)).toEqual([]);
  });

  it('turns a code into its sentence and leaves any other text as it is', () => {
    expect(sentenceOf('EMAIL_INVALID')).toBe(ERRORS.EMAIL_INVALID.message);
    expect(sentenceOf('Invalid input')).toBe('Invalid input');
  });

  it('is what the shared schemas say: a refused field carries a code, not an English sentence', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [shared.registerSchema, { username: 'a', email: 'x', password: '1', confirmPassword: '2', phone: 'p' }, 'username'],
      [shared.loginSchema, { email: '', password: '' }, 'email'],
      [shared.serviceCreateSchema, { tags: [], title: 'x'.repeat(121), description: '', toothPrice: 0 }, 'title'],
      [shared.supportTicketSchema, { name: '', email: 'a@b.c', subject: 's', message: 'm' }, 'name'],
      [shared.sendMessageSchema, { conversationID: 'nope', description: '', clientId: 'abcdefgh' }, 'conversationID'],
    ];
    for (const [schema, input, field] of cases) {
      const result = schema.safeParse(input);
      expect(result.success, field).toBe(false);
      const issues = result.error!.issues;
      expect(issues.find((issue) => issue.path[0] === field), field).toBeDefined();
      for (const issue of issues) expect(isErrorCode(issue.message), `${field}: ${issue.path.join('.')} ${issue.message}`).toBe(true);
    }
  });
});
