import { expect, test } from './fixtures';
import { buyerSession, DEMO_BUYER, expectAccessible, expectLive, gotoHome, logIn } from './helpers';

test('the Arabic switch turns the page right to left and the choice survives a reload', async ({ page }) => {
  await gotoHome(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'English' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectLive(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expectAccessible(page);
});

test('the home page offers visitors registration and the special offer; users only Find Designers', async ({ page }) => {
  await gotoHome(page);
  await expect(page.getByRole('link', { name: 'Register as Designer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Designers' }).first()).toBeVisible();
  await expect(page.getByText('Learn CAD/CAM Technology').first()).toBeAttached();
  await expect(page.getByText('Master Dental Design').first()).toBeAttached();
  await expectAccessible(page);

  await page.goto('/login');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Find Designers' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register as Designer' })).toHaveCount(0);
});

test('the support form creates a ticket', async ({ page }) => {
  await page.goto('/support');
  await page.getByLabel(/^name/i).fill('Dr. Omar Saleh');
  await page.getByLabel(/^email/i).fill('omar@clinic.example');
  await page.getByLabel(/^subject/i).fill('Question about escrow');
  await page.getByLabel(/^message/i).fill('When is the money released to the designer?');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/support/tickets')),
    page.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(201);
  expect((await response.json())._id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText("Your message has been sent. We'll get back to you soon.")).toBeVisible();
  await expectAccessible(page);
});

test('the footer subscribe asks to confirm by e-mail, the same answer every time (ADR 0021)', async ({ page }) => {
  await page.goto('/about');
  await expectLive(page);
  const email = `news_${Date.now()}@example.com`;
  const field = page.getByPlaceholder('Email');
  const confirm = 'Thank you! Please open the link we have sent to this address to confirm your subscription.';
  await field.fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(confirm)).toBeVisible();
  await field.fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(confirm)).toBeVisible();
  await expect(page.getByText('Global (USD $)')).toBeVisible();
});

test('a spent or unknown confirmation link ends on a page that says so', async ({ page }) => {
  await page.goto('/api/newsletter/confirm?token=not-a-real-token');
  await expect(page).toHaveURL(/\/newsletter\/confirmed\?invalid=1$/);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
});

for (const path of ['/login', '/register', '/support', '/about', '/privacy-policy', '/forgot-password']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page);
  });
}

for (const lang of ['en', 'ar'] as const) {
  for (const width of [1200, 1280, 1366]) {
    test(`signed in at ${width} px (${lang}): the header fits, no sideways scroll, the user menu inside the window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await buyerSession(page, lang);
      await page.goto('/gigs');
      // The header's search box shows from 1200 px: everything beside it must still fit.
      await expect(page.locator('header').getByRole('searchbox')).toBeVisible();
      const menu = page.locator('header').getByRole('button', { name: new RegExp(DEMO_BUYER.username) });
      await expect(menu).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    });
  }
}
