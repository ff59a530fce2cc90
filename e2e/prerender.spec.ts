import { expect, test } from './fixtures';
import { DEMO_BUYER, expectAccessible, expectLive, layoutShift, logIn, recordLayoutShifts } from './helpers';

// The home page arrives rendered in the HTML (apps/web/scripts/prerender.mjs), so a phone paints it
// before the JavaScript has loaded; React then takes over without moving anything.

test.describe('before any script has run', () => {
  // The HTML itself is under test: nothing waits for an app that never arrives.
  test.use({ waitForApp: false });
  // The app's scripts never arrive (axe itself still runs in the page).
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  test('a visitor already reads the home page in the HTML, in English by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dental design, delivered by vetted CAD/CAM experts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register as Designer' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expectAccessible(page);
  });

  test('the lang cookie chooses the Arabic page, right to left', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'تصاميم أسنان ينفذها خبراء CAD/CAM موثوقون' })).toBeVisible();
  });

  test('a page the server does not render starts from the prerendered frame: header, loader, footer', async ({ page }) => {
    await page.goto('/courses');
    await expect(page.getByRole('link', { name: 'Cusp, home' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(page.locator('#hero-title')).toHaveCount(0);
    // Without any script the footer's form stays inert: a submit would send it as a plain GET. The boot
    // script releases it (forms-before-hydration.spec.ts).
    await expect(page.locator('footer form')).toHaveAttribute('inert', '');
    await expectAccessible(page);
  });
});

test('React takes over the prerendered page without a layout shift, and its buttons work', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  await expectLive(page);
  await expect(page.getByRole('link', { name: 'Register as Designer' })).toBeVisible();
  const shift = await layoutShift(page);
  expect(shift).toBeLessThan(0.01);
  // The footer's form, inert in the HTML, takes input now.
  await expect(page.locator('footer form')).not.toHaveAttribute('inert');
  await page.getByLabel('E-mail address for the newsletter').fill('reader@example.com');
  await expect(page.getByLabel('E-mail address for the newsletter')).toHaveValue('reader@example.com');
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The choice is now in the cookie: the next visit gets the Arabic page from the server.
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');
});

test('the home page needs only the frame’s texts; a page loads its own, in the reader’s language', async ({ page }) => {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('No text for')) missing.push(message.text());
  });
  const pageTexts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/pages-[\w-]+\.js$/.test(request.url())) pageTexts.push(request.url());
  });
  await page.goto('/');
  await expectLive(page);
  // Everything the frame can show: the Support menu, the help panel, a failed newsletter form.
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: 'Need help?' })).toBeVisible();
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByLabel('E-mail address for the newsletter').fill('not-an-address');
  await page.getByLabel('E-mail address for the newsletter').press('Enter');
  await expect(page.locator('footer').getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/[\u0600-\u06FF]/);
  expect(pageTexts).toEqual([]);
  // A page in Arabic: its texts arrive with its code, in Arabic (not the English part).
  await page.getByRole('link', { name: 'الدورات', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'الدورات المتاحة' })).toBeVisible();
  expect(pageTexts).toHaveLength(1);
  expect(missing).toEqual([]);
});

test('a logged-in user gets the page frame, never the visitor home page', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page).not.toHaveURL(/login/);
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('data-prerendered="shell"');
  expect(html).not.toContain('hero-title');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Find Designers' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register as Designer' })).toHaveCount(0);
});
