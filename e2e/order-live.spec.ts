import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { binaryStl, DEMO_BUYER, expectAccessible } from './helpers';

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1', username: 'demo_designer' };

/** A page in its own browser context (another person), logged in through the API. */
async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await newLivePage(browser, { baseURL });
  const login = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

/**
 * Live order pages (docs/product.md §5.10): two people, two browser contexts. The buyer keeps the order open; what the designer
 * does (ask for more time, deliver) shows on the buyer's page over the socket, without a reload, and the
 * delivery within a second.
 */
test('the buyer’s open order page follows the designer live: a request for more time, then the delivery within a second', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = { origin: baseURL! };
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);
  const buyer = await loggedInPage(browser, baseURL!, DEMO_BUYER);

  // A service of the designer, ordered and paid by the buyer through the API.
  const title = `Live crown ${Date.now().toString(36)}`;
  const service = await designer.request.post('/api/services', {
    data: { title, description: 'Anatomic zirconia crowns, per unit.', toothPrice: 30, unitOrArch: 'unit', tags: ['Crown'], deliveryTime: 3, revisions: 1 },
    headers: origin,
  });
  expect(service.status()).toBe(201);
  const intent = await buyer.request.post('/api/payments/intents', { data: { type: 'service', id: (await service.json())._id, teeth: [11] }, headers: origin });
  expect(intent.status()).toBe(201);
  const { _id: paymentId, orderId } = (await intent.json()) as { _id: string; orderId: string };
  const card = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Demo Buyer' };
  expect((await buyer.request.post(`/api/payments/${paymentId}/sandbox-pay`, { data: card, headers: origin })).ok()).toBe(true);
  expect((await buyer.request.patch('/api/orders', { data: { payment_intent: paymentId }, headers: origin })).ok()).toBe(true);

  // The buyer opens the order; a mark on the window tells whether the page is ever reloaded.
  await buyer.goto(`/orders/${orderId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('In progress').first()).toBeVisible();
  await expect(buyer.getByTestId('order-due')).toContainText('left');
  await buyer.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));

  // 1. The designer asks for two more days (on their own order page); the buyer's page shows the request.
  await designer.goto(`/orders/${orderId}`);
  await designer.getByRole('button', { name: 'Ask for more time' }).click();
  const ask = designer.getByRole('dialog', { name: 'Ask the buyer for more time' });
  await ask.getByLabel('Extra days').fill('2');
  await ask.getByLabel('Why more time is needed').fill('The prep margin needs a closer look.');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(designer.getByTestId('extension-waiting')).toHaveText('You asked for 2 more days. Waiting for the buyer’s answer.');
  const request = buyer.getByTestId('extension-request');
  // (The name and the reason are isolated with U+2068 … U+2069 inside the sentence.)
  await expect(request).toContainText(/demo_designer\u2069? asks for 2 more days: “\u2068?The prep margin needs a closer look\.\u2069?”/);
  await expectAccessible(buyer);

  // The buyer accepts; the designer's page hears it too.
  const dueBefore = await buyer.getByTestId('order-due').textContent();
  await request.getByRole('button', { name: 'Accept the new due date' }).click();
  await expect(buyer.getByText('The due date was extended.')).toBeVisible();
  await expect(buyer.getByTestId('order-due')).not.toHaveText(dueBefore!);
  await expect(designer.getByTestId('extension-waiting')).toHaveCount(0);
  await expect(buyer.getByRole('region', { name: 'History' }).getByText('New due date accepted')).toBeVisible();

  // 2. The designer delivers (through the API, so the clock starts at the answer): the buyer's page says
  // "Delivered" within a second, with the delivery at the top, and was never reloaded.
  const file = await designer.request.post('/api/order-files', {
    multipart: { file: { name: 'crown-live.stl', mimeType: 'model/stl', buffer: binaryStl('crown-live.stl') } },
    headers: origin,
  });
  expect(file.status()).toBe(201);
  const delivered = await designer.request.post(`/api/orders/${orderId}/deliver`, { data: { files: [(await file.json())._id], note: 'Margins checked.' }, headers: origin });
  expect(delivered.ok()).toBe(true);
  await expect(buyer.getByRole('heading', { level: 1, name: title }).locator('..').getByText('Delivered')).toBeVisible({ timeout: 1000 });
  const latest = buyer.getByRole('region', { name: 'Latest delivery' });
  await expect(latest.getByRole('link', { name: 'Download crown-live.stl' })).toBeVisible();
  await expect(latest.getByText('Margins checked.')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Accept the delivery' })).toBeVisible();
  expect(await buyer.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');
  await expectAccessible(buyer);

  await designer.context().close();
  await buyer.context().close();
});
