import { expect, newLivePage, test } from './fixtures';
import type { Page } from '@playwright/test';
import { confirmEmailFromOutbox, DEMO_BUYER, expectAccessible, fillRegisterForm, logIn, newPerson } from './helpers';

/** A real 4x4 PNG (the server decodes and re-encodes images, so it must be valid). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPgq2qFIwbiOACt8xDRUjP9vwAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function registerAndLogIn(page: Page) {
  const person = newPerson();
  await page.goto('/register');
  await fillRegisterForm(page, person);
  await expect(page).toHaveURL(/\/login$/);
  await confirmEmailFromOutbox(page.request, person.email);
  await logIn(page, person.email, person.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  return person;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a designer completes the profile, creates a service that others can find but not change', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const person = await registerAndLogIn(page);
  const title = `E2E implant bar ${person.username}`;

  // 1. A buyer who opens the wizard is sent to complete the designer profile first (docs/product.md §7.7).
  await page.goto('/services/create');
  await expect(page).toHaveURL(/\/designers\/create$/);
  await expect(page.getByText('Only designers can create services. Complete your designer profile first.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Please fill in the role field.')).toBeVisible();
  await expect(page.getByText('Please fill in the description field.')).toBeVisible();

  await choose(page, /^Specialization/, 'Implant');
  await page.keyboard.press('Escape');
  await choose(page, /^Experience/, '3–5 years');
  await page.getByLabel(/^Description/).fill('Implant bars and screw-retained bridges, designed in exocad.');
  await page.getByLabel(/^Website/).fill('https://example.com');
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Profile completed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: person.username })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expectAccessible(page);

  // 2. The two-step wizard: no tag, no step 2.
  await page.getByRole('link', { name: 'Create New Service' }).click();
  await expect(page).toHaveURL(/\/services\/create$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select at least one tag.')).toBeVisible();
  await page.locator('label').filter({ hasText: /^Implant$/ }).click(); // the chip's checkbox is visually hidden
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Description/).fill('A milling-ready implant bar on four implants.');
  await page.getByLabel(/^Price per unit\/arch/).fill('123.45');
  await choose(page, /^Type/, 'Arch');
  await page.locator('input[type="file"][aria-label="Cover image"]').setInputFiles(picture('cover.png'));
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.locator('input[type="file"][aria-label="Additional images"]').setInputFiles(picture('extra.png'));
  await expect(page.getByRole('img', { name: 'Preview of image 1' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Service created successfully!').first()).toBeVisible();
  const viewLink = page.getByRole('link', { name: 'View your new service' });
  const href = await viewLink.getAttribute('href');
  const serviceId = href!.split('/').pop()!;
  await expect(page.getByRole('checkbox', { name: 'Implant' })).not.toBeChecked(); // reset to step 1

  // 3. Found through search and filters on /gigs (filters live in the URL)...
  await page.goto('/gigs');
  await page.getByLabel('Search services').fill(person.username);
  await page.getByLabel('Search services').press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${person.username}`));
  const card = page.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await page.getByLabel(/^Min price/).fill('100');
  await page.getByLabel(/^Max price/).fill('200');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/min=100&max=200/);
  await expect(card).toBeVisible();
  await expect(page.getByText('$123.45')).toBeVisible();
  await page.getByLabel(/^Max price/).fill('50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No services available matching your criteria.')).toBeVisible();
  await page.goBack();
  await expect(card).toBeVisible();
  await page.goto(`/gigs?cat=Implant&search=${person.username}&sort=createdAt`);
  await expect(page.getByRole('heading', { level: 1, name: 'Implant' })).toBeVisible();
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // ...and on /designers?view=services.
  await page.goto('/designers?view=services');
  await page.getByLabel('Search services').fill(person.username);
  await page.getByLabel('Search services').press('Enter');
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // 4. The detail page shows its data; the owner sees Edit and Delete.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/services/${serviceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Price per arch')).toBeVisible();
  await expect(page.getByText('$123.45')).toBeVisible();
  await expect(page.getByText('1 day', { exact: true })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show image 2' })).toBeVisible(); // cover + one extra
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Service' })).toHaveCount(0);
  await expectAccessible(page);

  // 5. Someone else sees no Edit button, and the server refuses their change (docs/product.md §4.6).
  const buyer = await newLivePage(browser);
  const other = buyer.context();
  await buyer.goto('/login');
  await logIn(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(buyer.getByText('Welcome back!')).toBeVisible();
  await buyer.goto(`/services/${serviceId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Order Service opens the order form on the page itself (the orders issue), named in the URL.
  await expect(buyer.getByRole('link', { name: 'Order Service' })).toHaveAttribute('href', `/services/${serviceId}?order=1`);
  await expect(buyer.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  const patch = await buyer.request.patch(`/api/services/${serviceId}`, { data: { title: 'Taken over' } });
  expect(patch.status()).toBe(403);
  expect((await patch.json()).message).toBe('You are not authorized to change this service.');
  await other.close();
});

test('browse designers and open a public profile', async ({ page }) => {
  await page.goto('/designers');
  await expect(page.getByRole('heading', { level: 1, name: 'Find designers and services' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search designers').fill('lina');
  await page.getByLabel('Search designers').press('Enter');
  await page.getByRole('link', { name: 'lina_haddad' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'lina_haddad' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Designer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('tabpanel').locator('a[href^="/services/"]').first()).toBeVisible();

  // Contact Designer: a visitor logs in first, then lands in the conversation with that designer.
  await page.getByRole('button', { name: 'Contact Designer' }).click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Contact Designer' }).click();
  await expect(page).toHaveURL(/\/message\/[0-9a-f-]+$/);
  await expect(page.getByText('Do you design custom abutments for Straumann BLT implants?')).toBeVisible();
});
