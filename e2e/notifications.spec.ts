import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { DEMO_BUYER, expectAccessible } from './helpers';

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1' };

/** A page in its own browser context, logged in through the API. */
async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await newLivePage(browser, { baseURL });
  const login = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

/** The bell's accessible name for this many unread notifications (notifications.bell.* in core.json). */
const bellName = (count: number) => (count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`);

/** Next year's December, as MM/YY typed without the slash (the form adds it). */
const futureExpiry = () => `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

test("the designer's bell lights up live when the buyer pays, and the notification opens the order", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);

  // A new per-arch service of the demo designer (its own title names the notification; per arch, the order form
  // needs nothing but the number of arches, 1 by default).
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);
  const title = `E2E night guard ${Date.now().toString(36)}`;
  const created = await designer.request.post('/api/services', {
    data: { title, description: 'Hard night guard, per arch.', toothPrice: 55, unitOrArch: 'arch', tags: ['Dentures'], deliveryTime: 2, revisions: 1 },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const serviceId = ((await created.json()) as { _id: string })._id;

  // 1. The designer is on the home page; the bell says the server's unread count (it is asked for once the socket is up).
  const unread = async () => ((await (await designer.request.get('/api/notifications/unread-count')).json()) as { count: number }).count;
  const before = await unread();
  await designer.goto('/');
  const bell = designer.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName(bellName(before), { timeout: 15_000 });
  // Marks this document: still there at the end means the page was never reloaded.
  await designer.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // 2. The buyer orders the service (one arch) and pays with the sandbox card.
  const buyer = await loggedInPage(browser, baseURL!, DEMO_BUYER);
  await buyer.goto(`/services/${serviceId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await buyer.getByRole('link', { name: 'Order Service' }).click();
  const form = buyer.getByRole('dialog', { name: /Order this service/ });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/pay/service/${serviceId}\\?payment=[0-9a-f-]+$`), { timeout: 15_000 });
  await expect(buyer.getByTestId('pay-total')).toHaveText('$55.00');
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry date').pressSequentially(futureExpiry());
  await buyer.getByLabel('Security code (CVC)').fill('123');
  await buyer.getByLabel('Name on card').fill('Demo Buyer');
  await buyer.getByRole('button', { name: 'Pay $55.00' }).click();
  // The confirmation page settles the payment (PATCH /api/orders) and opens the new order with a notice (docs/product.md §3.6).
  await expect(buyer.getByTestId('paid-notice')).toContainText(/^Payment received\. Order C-\d+ is now with the designer\.$/, { timeout: 15_000 });
  const ourOrder = async () => {
    const orders = (await (await buyer.request.get('/api/orders')).json()) as Array<{ _id: string; serviceId: string; status: string }>;
    return orders.find((o) => o.serviceId === serviceId);
  };
  await expect.poll(async () => (await ourOrder())?.status).toBe('in_progress');
  const orderPath = `/orders/${(await ourOrder())!._id}`;
  await buyer.context().close();

  // 3. Without a reload, the designer's bell counts one more, and the arrival is read out (over the socket only).
  const sentence = `${DEMO_BUYER.username} ordered and paid for “${title}”.`;
  await expect(bell).toHaveAccessibleName(bellName(before + 1), { timeout: 30_000 });
  await expect(designer.getByTestId('notification-announcement')).toHaveText(`New notification: ${sentence}`);
  expect(await designer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(designer).toHaveURL(/\/$/);

  // 4. The panel lists it, unread, as a link to the order; the panel is accessible.
  await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const panel = designer.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const item = panel.getByRole('link', { name: new RegExp(`^Unread: ${escaped}`) });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', orderPath);
  await expectAccessible(designer);

  // 5. Opening it lands on that order and marks it read: the count is back where it was.
  await item.click();
  await expect(designer).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(designer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(bell).toHaveAccessibleName(bellName(before));
  await expect.poll(unread).toBe(before);

  // Reopened, the panel shows it read.
  await bell.click();
  await expect(panel.getByRole('link').filter({ hasText: title })).toHaveAccessibleName(new RegExp(`^${escaped}`));
  await designer.context().close();
});
