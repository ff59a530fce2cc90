import type { Browser, Page } from '@playwright/test';
import { expect, newLivePage, test } from './fixtures';
import { binaryStl, confirmEmailFromOutbox, expectAccessible, newPerson } from './helpers';

/**
 * Receipts and credit notes (docs/product.md §6.7): a paid order has a receipt, a partial refund a credit note; the buyer finds both on the order page and
 * in the settings' Billing tab (English and Arabic, desktop and phone), the designer their month's statement as PDF and
 * CSV. BILLING_SHOTS=<folder> saves screenshots of the tab to look at.
 */
const SHOTS = process.env.BILLING_SHOTS;

async function member(browser: Browser, baseURL: string, designer = false): Promise<{ page: Page; username: string }> {
  const page = await newLivePage(browser, { baseURL });
  const person = newPerson();
  const headers = { origin: baseURL };
  expect((await page.request.post('/api/auth/register', { data: { ...person, confirmPassword: person.password }, headers })).status()).toBe(201);
  await confirmEmailFromOutbox(page.request, person.email, headers);
  expect((await page.request.post('/api/auth/login', { data: { email: person.email, password: person.password }, headers })).status()).toBe(200);
  if (designer) {
    const profile = await page.request.patch('/api/users/profile', {
      data: { role: ['Crown'], experience: '3-5', description: 'Crowns and bridges designed in exocad.', isDesigner: true },
      headers,
    });
    expect(profile.status()).toBe(200);
  }
  return { page, username: person.username };
}

test('receipts and credit notes on the order page and in the Billing tab; the designer downloads the month\'s statement', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const headers = { origin: baseURL! };
  const designer = await member(browser, baseURL!, true);
  const buyer = await member(browser, baseURL!);

  // Through the API: a $100 order, paid, delivered, and $20 of it refunded by the designer's offer.
  const title = `E2E receipt crown ${Date.now().toString(36)}`;
  const service = await designer.page.request.post('/api/services', {
    data: { title, description: 'Anatomic zirconia crowns, per unit.', toothPrice: 100, unitOrArch: 'unit', tags: ['Crown'], deliveryTime: 2, revisions: 1 },
    headers,
  });
  expect(service.status()).toBe(201);
  const intent = await (await buyer.page.request.post('/api/payments/intents', { data: { type: 'service', id: (await service.json())._id, quantity: 1 }, headers })).json();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`, cvc: '123', name: 'Dr Buyer' };
  expect((await buyer.page.request.post(`/api/payments/${intent._id}/sandbox-pay`, { data: card, headers })).status()).toBe(200);
  expect((await buyer.page.request.patch('/api/orders', { data: { payment_intent: intent._id }, headers })).status()).toBe(200);
  const upload = await designer.page.request.post('/api/order-files', { multipart: { file: { name: 'crown.stl', mimeType: 'model/stl', buffer: binaryStl('crown') } }, headers });
  expect((await designer.page.request.post(`/api/orders/${intent.orderId}/deliver`, { data: { files: [(await upload.json())._id] }, headers })).status()).toBe(200);
  expect((await designer.page.request.post(`/api/orders/${intent.orderId}/partial-refund`, { data: { amount: 20, note: 'The contacts are light.' }, headers })).status()).toBe(200);
  expect((await buyer.page.request.post(`/api/orders/${intent.orderId}/partial-refund/accept`, { headers })).status()).toBe(200);

  // 1. The order page links the receipt and the credit note, and they are PDFs.
  const page = buyer.page;
  await page.goto(`/orders/${intent.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const documents = page.getByTestId('item-documents');
  const receiptLink = documents.getByRole('link', { name: /^Receipt CUSP-\d{4}-\d{6}$/ });
  await expect(receiptLink).toBeVisible();
  await expect(documents.getByRole('link', { name: /^Credit note CUSP-CN-\d{4}-\d{6}$/ })).toBeVisible();
  const pdf = await page.request.get((await receiptLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // 2. The Billing tab: both documents, newest first, with their PDFs.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  const rows = page.getByTestId('billing-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Credit note');
  await expect(rows.nth(0)).toContainText('-$20.00');
  await expect(rows.nth(1)).toContainText('Receipt');
  await expect(rows.nth(1)).toContainText('$100.00');
  await expect(rows.nth(1).getByRole('link', { name: title })).toHaveAttribute('href', `/orders/${intent.orderId}`);
  await expectAccessible(page);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/billing-buyer-desktop-en.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('billing-cards')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/billing-buyer-phone-en.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // 3. The designer: the same documents as seller, and the month's statement as PDF and CSV.
  const dpage = designer.page;
  await dpage.goto('/settings?tab=billing');
  await expect(dpage.getByTestId('billing-table').locator('tbody tr')).toHaveCount(2);
  const month = new Date().toISOString().slice(0, 7);
  const statements = dpage.getByTestId('billing-statements');
  const csvLink = statements.getByRole('link', { name: /, CSV$/ }).first();
  await expect(csvLink).toHaveAttribute('href', `/api/statements/${month}.csv`);
  const csv = await dpage.request.get(`/api/statements/${month}.csv`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines.find((line) => line.includes(',split,'))).toContain(',80.00,8.00,20.00,0.00,72.00,72.00');
  const statementPdf = await dpage.request.get((await statements.getByRole('link', { name: /, PDF$/ }).first().getAttribute('href'))!);
  expect((await statementPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(dpage);

  // 4. In Arabic, right to left: the same tab, its links asking for Arabic PDFs.
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.goto('/settings?tab=billing');
  await expect(page.getByRole('tab', { name: 'الفوترة', selected: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('billing-table').locator('tbody tr').nth(0)).toContainText('إشعار دائن');
  await expect(page.getByTestId('billing-table').getByRole('link', { name: /^ملف PDF لـ CUSP-\d{4}/ })).toHaveAttribute('href', /receipt\.pdf\?lang=ar$/);
  await expectAccessible(page);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/billing-buyer-desktop-ar.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/billing-buyer-phone-ar.png`, fullPage: true });
    await dpage.evaluate(() => localStorage.setItem('lang', 'ar'));
    await dpage.goto('/settings?tab=billing');
    await expect(dpage.getByTestId('billing-statements')).toBeVisible();
    await dpage.screenshot({ path: `${SHOTS}/billing-designer-desktop-ar.png`, fullPage: true });
  }
});
