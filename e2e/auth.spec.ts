import { expect, test } from './fixtures';
import { DEMO_BUYER, expectAccessible, fillRegisterForm, logIn, newPerson } from './helpers';

test('a new user registers, logs in to a welcome toast, and logs out', async ({ page }) => {
  const person = newPerson();
  await page.goto('/register');
  await fillRegisterForm(page, person);

  await expect(page.getByText('Registration successful! You can complete your profile later.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, person.email, person.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const userMenu = page.getByRole('button', { name: new RegExp(person.username) });
  await expect(userMenu).toBeVisible();

  await userMenu.click();
  await page.getByRole('menuitem', { name: /logout/i }).click();
  await expect(page.getByRole('link', { name: /^login$/i }).first()).toBeVisible();
  // The session is gone on the server too.
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('register shows the exact messages for a mismatch and for a taken e-mail', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/^username/i).fill('someone_new');
  await page.getByLabel(/^email/i).fill(DEMO_BUYER.email);
  await page.getByLabel(/^password/i).fill('password-one-1');
  await page.getByLabel(/^confirm password/i).fill('password-two-2');
  await page.getByLabel(/^phone/i).fill('+1 555 0199');
  await page.getByRole('button', { name: /^register$/i }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel(/^confirm password/i).fill('password-one-1');
  await page.getByRole('button', { name: /^register$/i }).click();
  await expect(page.getByText('This email is already registered.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('login refuses empty fields and wrong passwords with clear messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByText('Please fill in your email.')).toBeVisible();
  await expect(page.getByText('Please fill in your password.')).toBeVisible();
  await logIn(page, DEMO_BUYER.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor opening /orders is sent to /login and lands back on /orders', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('forgot password answers without telling whether the account exists', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/^email/i).fill('nobody@example.com');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();
});
