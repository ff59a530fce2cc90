import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessibilityViolations, buyerSession, DEMO_BUYER, logIn } from './helpers';

/**
 * A phone (390 × 844), in English and in Arabic as an Arabic browser first sees it (Accept-Language, no language
 * chosen): the first HTML is already Arabic, right to left; no page scrolls sideways; the bell's count is whole on
 * screen; the help button floats below the header and, at the end of a page, covers nothing; the menu starts with
 * the language switch, and a choice there wins over the browser; a dialog's error is brought into view
 * (docs/decisions/0060-phone-polish-and-browser-language.md). Boxes are compared as painted.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1', username: 'demo_designer' };
/** The header (bell, menu), the service search with its filters, and a designer's payouts with their tables. */
const PAGES = ['/', '/gigs', '/payouts'];

/** A service of another designer's, priced per unit: one the demo buyer may order. */
async function othersService(page: Page): Promise<{ _id: string }> {
  const services = (await (await page.request.get('/api/services?limit=50')).json()) as Array<{ _id: string; userID: { username: string }; unitOrArch: string }>;
  return services.find((s) => s.userID.username !== DEMO_BUYER.username && s.unitOrArch === 'unit')!;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's painted box is whole: inside the screen and inside every ancestor that clips (overflow). */
async function expectWhollyShown(target: Locator) {
  const cut = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const found: string[] = [];
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight) found.push('the screen');
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflow === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left || box.top < clip.top || box.right > clip.right || box.bottom > clip.bottom) found.push(up.className || up.tagName);
    }
    return found;
  });
  expect(cut, 'the element is cut by').toEqual([]);
}

/**
 * Scrolled to its end, the page shows the help button (it steps away only while the reader scrolls down) and
 * nothing (text, a control) under it.
 */
async function expectHelpClearAtTheEnd(page: Page, widget: Locator) {
  const help = widget.getByRole('button');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(widget).not.toHaveAttribute('data-away');
  await expect(help).toBeInViewport({ ratio: 1 });
  const covered = await help.evaluate((button) => {
    const b = button.getBoundingClientRect();
    const widget = button.closest('aside');
    return Array.from(document.querySelectorAll('main *, footer *'))
      .filter((el) => !widget?.contains(el))
      .filter((el) => el.matches('a, button, input, select, textarea') || Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
      })
      .map((el) => el.outerHTML.slice(0, 100));
  });
  expect(covered).toEqual([]);
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`${lang} browser`, () => {
    test.use({ locale: lang === 'ar' ? 'ar-SA' : 'en-US' });

    for (const path of PAGES) {
      test(`${path}: fits the phone, the bell's count and the help button show whole, no axe violations`, async ({ page }) => {
        const login = await page.request.post('/api/auth/login', { data: { email: DEMO_DESIGNER.email, password: DEMO_DESIGNER.password } });
        expect(login.ok()).toBe(true);
        const response = await page.goto(path);
        // No language chosen: the server answers in the browser's, so the first HTML is right (no English flash).
        expect(await response!.text()).toContain(lang === 'ar' ? '<html lang="ar" dir="rtl"' : '<html lang="en" dir="ltr"');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        if (path === '/payouts') await expect(page.getByTestId('payout-lines')).toBeVisible();

        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'scrolls sideways by').toBeLessThanOrEqual(0);
        // Nor does any part of it (a table in a box that scrolls sideways, with nothing to say so); a carousel, with its
        // arrows and dots, is meant to.
        const sideways = await page.evaluate(() =>
          Array.from(document.querySelectorAll('main *'))
            .filter((el) => !el.closest('[aria-roledescription="carousel"]'))
            .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.outerHTML.slice(0, 100)),
        );
        expect(sideways).toEqual([]);

        const bell = page.getByTestId('notification-bell');
        await expect(bell).toBeVisible();
        const count = page.getByTestId('notification-count');
        await expect(count).toBeVisible();
        await expectWhollyShown(count);

        const widget = page.getByRole('complementary', { name: lang === 'ar' ? 'المساعدة' : 'Help' });
        const help = widget.getByRole('button');
        await expect(help).toBeVisible();
        const header = (await page.locator('header').boundingBox())!;
        const button = (await help.boundingBox())!;
        expect(button.y, 'the help button is below the header, not in it').toBeGreaterThanOrEqual(header.y + header.height);
        expect(overlaps(button, (await bell.boundingBox())!)).toBe(false);
        await expectHelpClearAtTheEnd(page, widget);

        expect(await accessibilityViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('Arabic browser', () => {
  test.use({ locale: 'ar-SA' });

  test("the menu starts with the language switch; the reader's choice then wins over the browser's language", async ({ page }) => {
    await page.goto('/gigs');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('header').getByRole('button', { name: 'فتح قائمة التنقل' }).click();
    const drawer = page.getByRole('dialog', { name: 'القائمة' });
    const english = drawer.getByRole('button', { name: 'English' });
    await expect(english).toBeInViewport({ ratio: 1 });
    // Above the search box and every link of the drawer.
    const switchBox = (await english.boundingBox())!;
    expect(switchBox.y).toBeLessThan((await drawer.getByRole('searchbox').boundingBox())!.y);
    await english.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const again = await page.goto('/gigs');
    expect(await again!.text()).toContain('<html lang="en" dir="ltr"');
    await expect(page.getByRole('heading', { level: 1, name: 'All services' })).toBeVisible();
  });
});

test('the order dialog: "Continue to payment" with no teeth brings its error into view and focuses it', async ({ page }) => {
  await buyerSession(page);
  const service = await othersService(page);
  await page.goto(`/services/${service._id}?order=1`);
  const dialog = page.getByRole('dialog', { name: /Order this service/ });
  const submit = dialog.getByRole('button', { name: 'Continue to payment' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const error = dialog.getByRole('alert').filter({ hasText: 'Please correct the marked fields.' });
  await expect(error).toBeFocused();
  await expect(error).toBeInViewport({ ratio: 1 });
  // Scrolled back down and pressed again: the same error, brought back.
  await submit.scrollIntoViewIfNeeded();
  await expect(error).not.toBeInViewport();
  await submit.click();
  await expect(error).toBeFocused();
  await expect(error).toBeInViewport({ ratio: 1 });
});

test('the payment page: the sandbox test cards fit their box, nothing scrolls sideways', async ({ page }) => {
  await buyerSession(page);
  const service = await othersService(page);
  const intent = await page.request.post('/api/payments/intents', { data: { type: 'service', id: service._id, quantity: 1 } });
  expect(intent.status()).toBe(201);
  await page.goto(`/pay/service/${service._id}?payment=${((await intent.json()) as { _id: string })._id}`);
  const cards = page.getByRole('region', { name: 'Test cards (sandbox mode)' });
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
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
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
