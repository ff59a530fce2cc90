import type { Browser, Page } from '@playwright/test';
import { expect, newLivePage, test } from './fixtures';
import { binaryStl, confirmEmailFromOutbox, expectAccessible, newPerson } from './helpers';

/**
 * Disputes and payouts (docs/product.md §5.11, §6.6): a buyer disputes a delivery, an administrator splits it, both see the outcome, and the designer
 * saves where the released part should go (with their password), which holds payouts there for 72 hours
 * (docs/decisions/0051; paying a payout is covered by the server's and the admin page's tests).
 */
const ADMIN = { email: 'admin@cusp.test', password: 'admin-demo-1' };

/** A new member in a browser context of their own, logged in through the API (`designer`: with a designer profile). */
async function member(browser: Browser, baseURL: string, designer = false): Promise<{ page: Page; username: string; password: string }> {
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
  return { page, username: person.username, password: person.password };
}

test('a buyer disputes a delivery, an admin splits it, both see the outcome and the designer saves payout details, held for 72 hours', async ({ browser, baseURL }) => {
  test.setTimeout(360_000); // four people and three pages on a shared, slow CI machine
  const headers = { origin: baseURL! };
  const designer = await member(browser, baseURL!, true);
  const buyer = await member(browser, baseURL!);

  // Set up through the API: a service at $100 per unit, ordered, paid with the sandbox card and delivered.
  const title = `E2E bridge ${Date.now().toString(36)}`;
  const service = await designer.page.request.post('/api/services', {
    data: { title, description: 'Anatomic zirconia crowns, per unit.', toothPrice: 100, unitOrArch: 'unit', tags: ['Crown'], deliveryTime: 2, revisions: 1 },
    headers,
  });
  expect(service.status()).toBe(201);
  const intent = await (await buyer.page.request.post('/api/payments/intents', { data: { type: 'service', id: (await service.json())._id, quantity: 1 }, headers })).json();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`, cvc: '123', name: 'Dr Buyer' };
  expect((await buyer.page.request.post(`/api/payments/${intent._id}/sandbox-pay`, { data: card, headers })).status()).toBe(200);
  expect((await buyer.page.request.patch('/api/orders', { data: { payment_intent: intent._id }, headers })).status()).toBe(200);
  const upload = await designer.page.request.post('/api/order-files', { multipart: { file: { name: 'bridge.stl', mimeType: 'model/stl', buffer: binaryStl('bridge') } }, headers });
  expect(upload.status()).toBe(201);
  expect((await designer.page.request.post(`/api/orders/${intent.orderId}/deliver`, { data: { files: [(await upload.json())._id] }, headers })).status()).toBe(200);
  const orderPath = `/orders/${intent.orderId}`;

  // 1. The buyer opens a dispute with a reason and a statement.
  const page = buyer.page;
  await page.goto(orderPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Poor fit' }).click();
  await page.getByLabel('Your statement').fill('The margins are open on the abutments and the pontic is too long.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send the dispute' }).click();
  await expect(page.getByRole('heading', { name: 'Dispute in progress' })).toBeVisible();
  await expect(page.getByText('Disputed').first()).toBeVisible();
  await expect(page.getByTestId('no-actions')).toHaveText('An administrator is reviewing the dispute.');
  await expectAccessible(page);

  // 2. The administrator reads it in the admin area and splits it: $30 back to the buyer, $70 to the designer.
  const admin = await newLivePage(browser, { baseURL });
  expect((await admin.request.post('/api/auth/login', { data: ADMIN, headers })).status()).toBe(200);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Disputes' }).click();
  const item = admin.getByRole('article', { name: title });
  await expect(item.getByTestId('dispute-card').getByText('The margins are open on the abutments and the pontic is too long.')).toBeVisible();
  await expect(item.getByRole('link', { name: 'bridge.stl' })).toBeVisible();
  await item.getByLabel('To the buyer (USD)').fill('30');
  await item.getByLabel('To the designer (USD)').fill('70');
  await expectAccessible(admin);
  await item.getByRole('button', { name: 'Resolve the dispute' }).click();
  await expect(admin.getByText('The dispute is resolved; both parties were told.')).toBeVisible();
  await expect(admin.getByRole('article', { name: title })).toHaveCount(0);

  // 3. Both see the outcome on the order.
  const outcome = 'Split: $30.00 refunded to the buyer, $70.00 to the designer (platform fee $7.00).';
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dispute resolved' })).toBeVisible({ timeout: 30_000 }); // after a reload on a slow machine
  await expect(page.getByTestId('dispute-outcome')).toHaveText(outcome);
  await designer.page.goto(orderPath);
  await expect(designer.page.getByTestId('dispute-outcome')).toHaveText(outcome, { timeout: 30_000 });
  await expect(designer.page.getByText('Completed').first()).toBeVisible();

  // 4. The designer saves where the released part ($70 less the 10% fee) goes: a checked IBAN, with their password.
  const d = designer.page;
  await d.goto('/payouts');
  await expect(d.getByTestId('payouts-available')).toHaveText('$63.00', { timeout: 30_000 });
  await d.getByLabel('Account holder').fill('Lina Haddad');
  await d.getByRole('textbox', { name: 'IBAN' }).fill('SA03 8000 0000 6080 1016 7518');
  await d.getByLabel('Bank name').fill('Al Rajhi Bank');
  await d.getByLabel('Your password').fill(designer.password);
  await d.getByRole('button', { name: 'Save payout details' }).click();
  await expect(d.getByText('This IBAN is not valid: please check it.')).toBeVisible();
  await d.getByRole('textbox', { name: 'IBAN' }).fill('SA03 8000 0000 6080 1016 7519');
  await d.getByRole('button', { name: 'Save payout details' }).click();
  await expect(d.getByTestId('payout-details-saved')).toHaveText('Payouts go to Lina Haddad, Al Rajhi Bank, SA03 •••• 7519.');

  // 5. New details hold payouts for 72 hours (a stolen session cannot send the money away at once): the page says
  // until when, and the request waits.
  await expect(d.getByTestId('payout-details-held')).toContainText('Payouts to this account are held until');
  await expect(d.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  await expect(d.getByTestId('payout-request-held')).toContainText('your payout details changed less than 72 hours ago');
  await expectAccessible(d);
});
