import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyerSession, DEMO_BUYER, expectLive, logIn } from './helpers';

/**
 * A phone (390 × 844): the help button covers nothing the page shows, the sandbox test cards fit their
 * box, and the header's menu takes a tap while a toast is showing. Boxes are compared as painted.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

function helpButton(page: Page, name = 'Help') {
  return page.getByRole('complementary', { name }).getByRole('button', { name, exact: true });
}

/**
 * Wherever the reader scrolls `target` to, the help button does not cover it: the target is put at every height of
 * the screen the page can scroll it to (8 px apart), below the sticky header (what is under the header is hidden by
 * the header, not by the button), and its box is compared with the button's each time.
 */
async function expectClearOfHelp(target: Locator, help: Locator) {
  await expect(help).toBeVisible();
  await expect(target).toBeVisible();
  const found = await target.evaluate((el, button) => {
    const header = document.querySelector('header');
    const covered: string[] = [];
    let tried = 0;
    for (let y = 0; y + el.getBoundingClientRect().height <= window.innerHeight; y += 8) {
      window.scrollBy(0, el.getBoundingClientRect().top - y);
      const a = el.getBoundingClientRect();
      // Where the page cannot scroll it (near its top or end), or under the header: not a place the reader sees it.
      if (Math.abs(a.top - y) > 1 || a.top < (header?.getBoundingClientRect().bottom ?? 0)) continue;
      tried += 1;
      const b = button!.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) covered.push(`at ${Math.round(a.top)} px: button ${Math.round(b.left)},${Math.round(b.top)}`);
    }
    return { tried, covered };
  }, await help.elementHandle());
  expect(found.tried).toBeGreaterThan(0);
  expect(found.covered).toEqual([]);
}

/** A payment intent for one unit of another designer's service: the payment page's address. */
async function paymentPage(page: Page) {
  const services = (await (await page.request.get('/api/services?limit=50')).json()) as Array<{ _id: string; userID: { username: string }; unitOrArch: string }>;
  const service = services.find((s) => s.userID.username !== DEMO_BUYER.username && s.unitOrArch === 'unit')!;
  const intent = await page.request.post('/api/payments/intents', { data: { type: 'service', id: service._id, quantity: 1 } });
  expect(intent.status()).toBe(201);
  return `/pay/service/${service._id}?payment=${((await intent.json()) as { _id: string })._id}`;
}

test('order page: the help button is clear of the summary and its dates', async ({ page }) => {
  await buyerSession(page);
  // A paid order of the demo buyer's shows when it was ordered and paid (other specs in the same shard leave unpaid
  // ones, which have no "Paid" row, and the list is newest first). The page shows the row when `paidAt` is set.
  const orders = (await (await page.request.get('/api/orders?limit=100')).json()) as Array<{ _id: string; paidAt: string | null }>;
  const paid = orders.find((o) => o.paidAt !== null);
  expect(paid).toBeDefined();
  await page.goto(`/orders/${paid!._id}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toBeVisible();
  const help = helpButton(page);
  for (const label of ['Ordered', 'Paid']) {
    // The row: the label at the start, the date at the end (where the floating button sat).
    await expectClearOfHelp(summary.getByText(label, { exact: true }).locator('..'), help);
  }
});

for (const lang of ['en', 'ar'] as const) {
  test(`payment page (${lang}): the heading is clear of the help button, the test cards fit their box`, async ({ page }) => {
    await buyerSession(page, lang);
    await page.goto(await paymentPage(page));
    await expect(page.getByRole('heading', { level: 1, name: lang === 'ar' ? 'الدفع' : 'Payment' })).toBeVisible();
    // The page's heading and those of its parts (what is paid for, the card form).
    const headings = page.getByRole('main').getByRole('heading');
    expect(await headings.count()).toBeGreaterThanOrEqual(2);
    for (const heading of await headings.all()) await expectClearOfHelp(heading, helpButton(page, lang === 'ar' ? 'المساعدة' : 'Help'));

    const cards = page.getByRole('region', { name: lang === 'ar' ? 'بطاقات الاختبار (وضع التجربة)' : 'Test cards (sandbox mode)' });
    await cards.scrollIntoViewIfNeeded();
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    // Nothing wider than the box: no hidden overflow, no row or button past its edges, the box on the screen.
    const fit = await cards.evaluate((box) => {
      const outer = box.getBoundingClientRect();
      const sticking = Array.from(box.querySelectorAll('li, li *'))
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && (r.left < outer.left - 0.5 || r.right > outer.right + 0.5));
      return { scroll: box.scrollWidth, client: box.clientWidth, left: outer.left, right: outer.right, viewport: window.innerWidth, sticking: sticking.length };
    });
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.sticking).toBe(0);
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(fit.viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('home page in Arabic: the help button is clear of the carousels\' arrows', async ({ page }) => {
  await page.context().addInitScript(() => localStorage.setItem('lang', 'ar'));
  await page.goto('/');
  await expectLive(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const help = helpButton(page, 'المساعدة');
  // Every carousel's previous and next arrows (the promotions' and the designers').
  const arrows = page.getByRole('button', { name: /^الشريحة (السابقة|التالية)$/ });
  await expect(arrows.first()).toBeVisible();
  expect(await arrows.count()).toBeGreaterThanOrEqual(2);
  for (const arrow of await arrows.all()) await expectClearOfHelp(arrow, help);
});

test("the header's menu takes a tap while a toast shows", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  const toast = page.getByText('Welcome back!');
  await expect(toast).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  // What a tap at the button's centre lands on is the button (or inside it), not the toast.
  const hit = await menu.evaluate((button, [x, y]) => {
    const at = document.elementFromPoint(x!, y!);
    return { ours: !!at && (at === button || button.contains(at)), at: at?.outerHTML.slice(0, 120) };
  }, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit.ours, `a tap lands on ${hit.at}`).toBe(true);
  await menu.tap();
  await expect(toast).toBeVisible();
  await expect(page.locator('[aria-controls="mobile-navigation"]')).toHaveAttribute('aria-expanded', 'true');
});

for (const lang of ['en', 'ar'] as const) {
  test(`signed in (${lang}): the help button sits beside the bell and the menu, covering neither`, async ({ page }) => {
    await buyerSession(page, lang);
    await page.goto('/');
    const bell = page.getByTestId('notification-bell');
    const burger = page.locator('header').getByRole('button', { name: lang === 'ar' ? 'فتح قائمة التنقل' : 'Open navigation menu' });
    const help = helpButton(page, lang === 'ar' ? 'المساعدة' : 'Help');
    await expect(bell).toBeVisible();
    await expect(help).toBeVisible();
    const [b, m, h] = await Promise.all([bell.boundingBox(), burger.boundingBox(), help.boundingBox()]);
    const apart = (x: typeof b, y: typeof b) => x!.x + x!.width <= y!.x || y!.x + y!.width <= x!.x || x!.y + x!.height <= y!.y || y!.y + y!.height <= x!.y;
    expect(apart(h, b), 'help over the bell').toBe(true);
    expect(apart(h, m), 'help over the menu').toBe(true);
    // And the bell still takes the tap.
    await bell.click();
    await expect(page.getByRole('dialog', { name: lang === 'ar' ? 'الإشعارات' : 'Notifications' })).toBeVisible();
  });
}
