import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { cardInput, type CardInput } from '@cusp/shared';

export type CardValues = z.output<typeof cardInput>;

const validate = zodResolver(cardInput);

/** True when an MM/YY expiry is before the current month. */
export function isExpired(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s?\/\s?(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** The shared card schema (the server's messages), plus the expired-card check the server also makes. */
export const cardResolver: Resolver<CardInput, unknown, CardValues> = async (values, context, options) => {
  const result = await validate(values, context, options);
  if (Object.keys(result.errors).length === 0 && isExpired(values.expiry)) {
    return { values: {}, errors: { expiry: { type: 'expired', message: 'CARD_EXPIRED' } } };
  }
  return result;
};

/** "4242424242424242" -> "4242 4242 4242 4242" while typing (at most 19 digits). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" -> "12/28"; a slash is added after the month while typing. */
export function formatExpiry(input: string, previous: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes it, rather than putting it straight back.
  if (input.length < previous.length && previous.endsWith('/') && digits.length === 2) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && input.length > previous.length) return `${digits}/`;
  return digits;
}
