import { describe, expect, it } from 'vitest';
import { isHelpWidgetHidden } from '../constants.js';
import { sentenceOf } from '../error-codes.js';
import { loginSchema, registerSchema } from './auth.js';

const valid = {
  username: 'dr.sara',
  email: 'Sara@Clinic.example',
  password: 'long-enough-1',
  confirmPassword: 'long-enough-1',
  phone: '+966 50 123 4567',
};

/** Each field's English sentence: the schemas give codes, whose sentences are docs/product.md §14.2's. */
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), sentenceOf(i.message)]));

describe('shared auth schemas (one message on client and server)', () => {
  it('lower-cases and trims the e-mail', () => {
    expect(registerSchema.parse({ ...valid, email: '  Sara@Clinic.example ' }).email).toBe('sara@clinic.example');
  });

  it("uses the login and register messages of docs/product.md §14.2", () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please fill in your email.',
      password: 'Please fill in your password.',
    });
    expect(messages(registerSchema.safeParse({}))).toMatchObject({
      username: 'Please fill out your username.',
      phone: 'Please fill out your phone.',
      confirmPassword: 'Please fill out your confirmPassword.',
    });
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: 'other-pass-1' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('accepts Arabic usernames and refuses spaces or symbols', () => {
    expect(registerSchema.safeParse({ ...valid, username: 'سارة_1' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, username: 'a b' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, username: '<img>' }).success).toBe(false);
  });
});

describe('help widget paths (docs/product.md §3.1)', () => {
  it.each(['/login', '/register', '/services/create', '/services/42', '/courses/create', '/message/9', '/messages'])(
    'is hidden on %s',
    (path) => expect(isHelpWidgetHidden(path)).toBe(true),
  );
  it.each(['/', '/gigs', '/courses', '/courses/7', '/support', '/profile'])('is shown on %s', (path) =>
    expect(isHelpWidgetHidden(path)).toBe(false),
  );
});
