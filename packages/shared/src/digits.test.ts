import { describe, expect, it } from 'vitest';
import { westernDigits } from './digits.js';
import { registerSchema } from './schemas/auth.js';
import { statementMonth } from './schemas/billing.js';
import { lessonInput, parseDuration } from './schemas/courses.js';
import { payoutDetailsInput, payoutRequestInput } from './schemas/money.js';
import { cardInput, extensionInput } from './schemas/orders.js';
import { prescriptionSchema } from './dental/prescription.js';
import { serviceUpdateSchema } from './schemas/services.js';

// Gulf keyboards type Arabic-Indic digits, Persian ones the extended forms: every field of digits reads both.
const arabicIndic = (ascii: string) => ascii.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const persian = (ascii: string) => ascii.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

describe('westernDigits', () => {
  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator as ASCII', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('٣٫٥')).toBe('3.5');
  });

  it('leaves every other character as it is', () => {
    expect(westernDigits('سن 42 – abc')).toBe('سن 42 – abc');
  });
});

describe('the schemas read typed Eastern digits', () => {
  const register = (phone: string) =>
    registerSchema.safeParse({ username: 'sara_k', email: 'sara@example.com', password: 'long-enough-1', confirmPassword: 'long-enough-1', phone });

  it('a phone typed on a Gulf keyboard signs up, stored in ASCII digits', () => {
    for (const typed of [arabicIndic('+966 50 123 4567'), persian('+966 50 123 4567')]) {
      const result = register(typed);
      expect(result.success, typed).toBe(true);
      expect(result.data?.phone).toBe('+966 50 123 4567');
    }
  });

  it('a card, its expiry and code', () => {
    const result = cardInput.safeParse({ cardNumber: arabicIndic('4242 4242 4242 4242'), expiry: arabicIndic('12/30'), cvc: persian('123'), name: 'Sara K' });
    expect(result.data).toEqual({ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Sara K' });
  });

  it('an IBAN', () => {
    const result = payoutDetailsInput.safeParse({
      method: 'bank',
      password: 'current-password',
      accountHolder: 'Sara K',
      bankName: 'Al Rajhi',
      iban: `SA${arabicIndic('03 8000 0000 6080 1016 7519')}`,
    });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    if (result.success && result.data.method === 'bank') expect(result.data.iban).toBe('SA0380000000608010167519');
  });

  it('amounts, prices, counts and days', () => {
    expect(payoutRequestInput.parse({ amount: arabicIndic('120.50') }).amount).toBe(120.5);
    expect(payoutRequestInput.parse({ amount: '١٢٠٫٥' }).amount).toBe(120.5);
    expect(extensionInput.parse({ days: persian('3'), reason: 'Scan retaken' }).days).toBe(3);
    const service = serviceUpdateSchema.parse({ toothPrice: arabicIndic('45.5'), deliveryTime: arabicIndic('2'), revisions: persian('1') });
    expect([service.toothPrice, service.deliveryTime, service.revisions]).toEqual([45.5, 2, 1]);
  });

  it('dates, months and durations', () => {
    expect(prescriptionSchema.parse({ dueBy: arabicIndic('2026-12-01') }).dueBy).toBe('2026-12-01');
    expect(statementMonth.parse(arabicIndic('2026-11'))).toBe('2026-11');
    expect(parseDuration(arabicIndic('10:30'))).toBe(630);
    const lesson = lessonInput.parse({ title: 'One', videoUrl: '/api/courses/videos/0b8e3a5e-0d3c-4d55-9a43-1f1a2b3c4d5e', duration: persian('1:02:03') });
    expect(lesson.duration).toBe('1:02:03');
  });
});
