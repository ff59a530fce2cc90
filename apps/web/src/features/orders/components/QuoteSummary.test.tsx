import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderQuoteJson } from '@cusp/shared';
import { i18n, setLanguage, type TranslationKey } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { QuoteSummary } from './QuoteSummary';

const quote: OrderQuoteJson = {
  serviceId: 'svc-1',
  unitOrArch: 'unit',
  quantity: 3,
  unitPrice: 25,
  total: 75,
  currency: 'USD',
  lineItems: [{ description: 'Zirconia crown', unitOrArch: 'unit', unitPrice: 25, quantity: 3, total: 75 }],
  teeth: [14, 15, 16],
  earliestDueBy: '2026-03-10',
  tier: 'standard',
  deliveryDays: 3,
};

/** How often the Arabic word for "total" (الإجمالي, بالإجمال, إجمالًا ...: the root إجمال) is in `text`. */
const totalWords = (text: string) => text.match(/إجمال/g)?.length ?? 0;

describe('the order total in Arabic', () => {
  it('says "total" once: the label, then the figure, with no "in total" after it', async () => {
    await setLanguage('ar', { persist: false });
    renderWithProviders(<QuoteSummary quote={quote} pending={false} />);
    const summary = await screen.findByTestId('order-quote');
    expect(screen.getByTestId('order-total').textContent).toMatch(/75/);
    expect(totalWords(screen.getByTestId('order-total').parentElement!.textContent ?? '')).toBe(1);
    expect(totalWords(summary.textContent ?? '')).toBe(1);
  });

  it('no formula of the total carries the word: the label beside it already says it', async () => {
    await setLanguage('ar', { persist: false });
    // The order form's formula (where "= {{total}} بالإجمال" was) and the quote's line.
    for (const key of ['orders.form.totalValue', 'orders.rx.quoteLine'] as TranslationKey[]) {
      const text = i18n.t(key, { quantity: '3', price: '25', total: '75' });
      expect(text, key).not.toBe(key);
      expect(totalWords(text), key).toBe(0);
    }
    expect(totalWords(i18n.t('orders.form.total'))).toBe(1);
  });
});
