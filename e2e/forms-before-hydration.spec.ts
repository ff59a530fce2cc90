import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_BUYER, newPerson } from './helpers';

// Pages arrive rendered (the home page, /gigs...) or as their frame (header, loader, footer) seconds before
// the app can act on them on a slow phone. What a reader types meanwhile must stay, and a submit made
// meanwhile must be acted on (docs/decisions/0024-forms-before-hydration.md). Every test here runs with
// the CPU slowed down as on such a phone, and types as soon as a field is on screen, without waiting for
// the app.
test.use({ waitForApp: false });
// A slowed-down CPU on a machine that runs other work: the app takes many seconds to start.
test.describe.configure({ timeout: 240_000 });
const slow = { timeout: 90_000 };

test.beforeEach(async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  page.setDefaultTimeout(90_000);
});

const isLive = (page: Page) => page.evaluate(() => !document.querySelector('#root[data-prerendered]'));

/**
 * Holds the app's entry script back until `release()` is called, so the page stays as it arrived (as on a
 * phone whose scripts are still on their way) for as long as the test types: what is checked is what
 * happens to input made before the app took over, whatever the speed of this machine.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const { path, arrives } of [
  { path: '/', arrives: 'the prerendered home page, which the app adopts' },
  { path: '/gigs', arrives: 'a page the server rendered, which the app adopts' },
  { path: '/about', arrives: 'the prerendered frame, which the app renders again' },
]) {
  test(`the newsletter form on ${path} (${arrives}) keeps an e-mail typed and sent before the app took over`, async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const email = `early_${Date.now()}@example.com`;
    const field = page.getByLabel('E-mail address for the newsletter');
    // As a person does: a tap into the field (it must take the focus), then the keys, then Enter.
    await field.click();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // Held until the app can act on it, and shown so: the page did not go anywhere.
    await expect(page.locator('footer form')).toHaveAttribute('aria-busy', 'true');
    expect(await isLive(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');

    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'POST');
    release();
    const response = await subscribed;
    expect(response.request().postDataJSON()).toEqual({ email });
    expect(response.ok()).toBe(true);
    // The server's answer is shown under the form.
    const { message } = (await response.json()) as { message: string };
    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText(message, slow);
    await expect(page.locator('footer form')).not.toHaveAttribute('aria-busy', slow);
  });
}

test('text typed into the newsletter before the app took over stays, and the field keeps the focus', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const field = page.getByLabel('E-mail address for the newsletter');
  await field.click();
  await page.keyboard.type('half-typed@exam');
  release();
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
  await expect(field).toHaveValue('half-typed@exam', slow);
  await expect(field).toBeFocused();
  // The app's own state holds it too: typing on, then sending, sends all of it.
  await page.keyboard.type('ple.com');
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
  await page.keyboard.press('Enter');
  expect((await subscribed).request().postDataJSON()).toEqual({ email: 'half-typed@example.com' });
});

test('a visitor sent from /orders to /login, who leaves and comes back, logs in with what they type at once', async ({ page }) => {
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/, slow);
  await page.goto('/gigs', { waitUntil: 'commit' });
  await page.goto('/orders', { waitUntil: 'commit' });
  const form = page.getByRole('main').locator('form');
  await form.getByLabel(/^email/i).fill(DEMO_BUYER.email);
  await form.getByLabel(/^password/i).fill(DEMO_BUYER.password);
  await form.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/orders$/, slow);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible(slow);
  await expect(page.getByText('Please fill in your email.')).toHaveCount(0);
});

test('the register form, typed into at once, registers, and the login page after it takes what is typed at once', async ({ page }) => {
  const person = newPerson();
  // The login page's code is held back until the test has looked at what shows meanwhile.
  let releaseLogin!: () => void;
  const loginCode = new Promise<void>((resolve) => (releaseLogin = resolve));
  await page.route(/\/assets\/LoginPage-[\w-]+\.js$/, async (route) => {
    await loginCode;
    await route.continue();
  });
  await page.goto('/register', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await main.getByLabel(/^username/i).fill(person.username);
  await main.getByLabel(/^email/i).fill(person.email);
  await main.getByLabel(/^password/i).fill(person.password);
  await main.getByLabel(/^confirm password/i).fill(person.password);
  await main.getByLabel(/^phone/i).fill(person.phone);
  await expect(main.getByLabel(/^username/i)).toHaveValue(person.username);
  await main.getByRole('button', { name: /^register$/i }).click();
  await expect(page).toHaveURL(/\/login$/, slow);
  // While the login page's code loads, the register page is gone (it stayed on screen, and took the e-mail
  // typed for the login form, which then arrived empty: "Please fill in your email.").
  await expect(main.getByLabel(/^username/i)).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^register$/i })).toHaveCount(0);
  releaseLogin();
  // The login page, typed into as soon as it shows.
  await main.getByLabel(/^email/i).fill(person.email);
  await main.getByLabel(/^password/i).fill(person.password);
  await main.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByRole('button', { name: new RegExp(person.username) })).toBeVisible(slow);
});

test('the support form, typed into at once, sends the ticket', async ({ page }) => {
  await page.goto('/support', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await main.getByLabel(/^name/i).fill('Dr. Rana Aziz');
  await main.getByLabel(/^email/i).fill('rana@clinic.example');
  await main.getByLabel(/^subject/i).fill('Typed before the page was ready');
  await main.getByLabel(/^message/i).fill('Does my message arrive whole?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/support/tickets'));
  await main.getByRole('button', { name: 'Send Message' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ name: 'Dr. Rana Aziz', email: 'rana@clinic.example', message: 'Does my message arrive whole?' });
  await expect(page.getByText("Your message has been sent. We'll get back to you soon.")).toBeVisible(slow);
});
