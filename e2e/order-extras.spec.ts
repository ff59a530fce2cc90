import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { binaryStl, DEMO_BUYER, expectAccessible } from './helpers';

/**
 * Turnaround tiers, rescans and extra revisions (docs/decisions/0041) in two browsers: the buyer orders with the rush tier (priced and
 * dated by the server), the designer asks for new scans (the buyer's open page says so at once, the due date
 * paused), the buyer sends them, the designer delivers, and the buyer, with no revision included, buys an extra one
 * through the payment page and asks for it.
 */
const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1' };
const stl = (name: string) => ({ name, mimeType: 'model/stl', buffer: binaryStl(name) });
const futureExpiry = () => `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await newLivePage(browser, { baseURL });
  const login = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

async function payByCard(page: Page, amount: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').pressSequentially(futureExpiry());
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Demo Buyer');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

test('rush tier, a rescan round trip, and an extra revision bought and asked for', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);
  const title = `E2E rush crown ${Date.now().toString(36)}`;
  const created = await designer.request.post('/api/services', {
    data: {
      title,
      description: 'Anatomic zirconia crowns, per unit.',
      toothPrice: 40,
      unitOrArch: 'unit',
      tags: ['Crown'],
      deliveryTime: 3,
      revisions: 0,
      turnaround: { rush: { days: 1, surchargePercent: 50 }, standby: null },
      extraRevisionPrice: 15,
    },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const serviceId = ((await created.json()) as { _id: string })._id;

  // 1. The buyer picks the rush tier: the quote adds its line, the payment takes the total.
  const buyer = await loggedInPage(browser, baseURL!, DEMO_BUYER);
  await buyer.goto(`/services/${serviceId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await buyer.getByRole('link', { name: 'Order Service' }).click();
  const form = buyer.getByRole('dialog', { name: /Order this service/ });
  await form.getByRole('button', { name: /^Tooth 11,/ }).click();
  await expect(form.getByTestId('order-total')).toHaveText('$40.00');
  await form.getByRole('radio', { name: 'Rush: 1 day (+50%)' }).check();
  await expect(form.getByTestId('order-total')).toHaveText('$60.00');
  await expect(form.getByText('Rush delivery (+50%)')).toBeVisible();
  await expectAccessible(buyer);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  // The payment page's code loads on first use: on a busy machine that takes a while.
  await expect(buyer).toHaveURL(new RegExp(`/pay/service/${serviceId}\\?payment=[0-9a-f-]+$`));
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible({ timeout: 20_000 });
  await expect(buyer.getByTestId('pay-total')).toHaveText('$60.00');
  await payByCard(buyer, '$60.00');
  await expect(buyer).toHaveURL(/\/orders\/[0-9a-f-]+$/, { timeout: 12_000 });
  const orderPath = new URL(buyer.url()).pathname;
  await expect(buyer.getByTestId('order-tier')).toHaveText('Rush');

  // 2. The designer asks for new scans; the buyer's open page shows it without a reload.
  await designer.goto(orderPath);
  await designer.getByRole('button', { name: 'Ask for new scans' }).click();
  const ask = designer.getByRole('dialog', { name: 'Ask the buyer for new scans' });
  await ask.getByLabel('What is wrong with the scans').fill('The margin on 11 is not captured.');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(designer.getByTestId('rescan-waiting')).toContainText('The margin on 11 is not captured.');
  await expect(buyer.getByTestId('rescan-waiting')).toContainText('The margin on 11 is not captured.');
  await expect(buyer.getByTestId('due-paused')).toHaveText('Paused');
  await expectAccessible(buyer);

  // 3. The buyer sends the new scan: the clock runs again for both, the timeline says so.
  const send = buyer.getByRole('form', { name: 'Send the new scans' });
  await send.getByLabel('Scan files').setInputFiles(stl('upper-rescan.stl'));
  await expect(send.getByText(/^Uploaded ·/)).toBeVisible();
  await send.getByRole('button', { name: 'Send the files' }).click();
  await expect(buyer.getByText('The files were sent. The due date runs again.')).toBeVisible();
  await expect(buyer.getByTestId('rescan-waiting')).toHaveCount(0);
  await expect(designer.getByTestId('rescan-waiting')).toHaveCount(0);
  await expect(designer.getByRole('link', { name: 'Download upper-rescan.stl' })).toBeVisible();
  const history = designer.getByRole('region', { name: 'History' });
  await expect(history.getByText('New scans asked for')).toBeVisible();
  await expect(history.getByText('Case files added')).toBeVisible();

  // 4. The designer delivers; with no revision included, the buyer is offered one at the service's price.
  await designer.getByLabel('Design files').setInputFiles(stl('crown-v1.stl'));
  await expect(designer.getByText(/^Uploaded ·/)).toBeVisible();
  await designer.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(designer.getByText('The design was delivered.')).toBeVisible();
  await expect(buyer.getByTestId('extra-revision-price')).toHaveText('One more revision for $15.00, paid like the order.');
  await expect(buyer.getByRole('button', { name: 'Request a revision' })).toHaveCount(0);
  await buyer.getByRole('link', { name: 'Buy an extra revision' }).click();

  // 5. The same payment page and card flow; back on the order, the revision form is open.
  await expect(buyer).toHaveURL(/\/pay\/revision\/[0-9a-f-]+\?payment=[0-9a-f-]+$/);
  await expect(buyer.getByTestId('pay-total')).toHaveText('$15.00');
  await expect(buyer.getByText(`Extra revision of ${title}`)).toBeVisible();
  await expectAccessible(buyer);
  await payByCard(buyer, '$15.00');
  await expect(buyer).toHaveURL(new RegExp(`${orderPath}$`), { timeout: 12_000 });
  await expect(buyer.getByTestId('paid-notice')).toHaveText('Your extra revision is paid. Describe what should change.');
  await expect(buyer.getByTestId('order-price')).toHaveText('$75.00');
  await buyer.getByLabel('What should change?').fill('Open the contact on 21 a little.');
  await buyer.getByRole('button', { name: 'Send the revision request' }).click();
  await expect(buyer.getByText('Revision requested').first()).toBeVisible();
  await expect(designer.getByRole('heading', { level: 3, name: 'Deliver the revised design' })).toBeVisible();
  await expect(designer.getByRole('region', { name: 'History' }).getByText('Extra revision bought')).toBeVisible();
  await buyer.context().close();
  await designer.context().close();
});
