import { expect, newLivePage, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmEmailFromOutbox, DEMO_BUYER, expectAccessible, logIn, newPerson } from './helpers';

const DEMO_ADMIN = { email: 'admin@cusp.test', password: 'admin-demo-1' };

/**
 * A new designer with services, made through the API in `request`'s context (whose cookie then logs
 * its pages in): the wizard itself is covered by catalogue.spec.ts.
 */
async function designerWithServices(request: APIRequestContext, titles: string[]) {
  const person = newPerson();
  const register = await request.post('/api/auth/register', { data: { ...person, confirmPassword: person.password } });
  expect(register.status()).toBe(201);
  await confirmEmailFromOutbox(request, person.email);
  expect((await request.post('/api/auth/login', { data: { email: person.email, password: person.password } })).status()).toBe(200);
  const profile = await request.patch('/api/users/profile', {
    data: { role: ['Crown'], experience: '3-5', description: 'Crowns and bridges designed in exocad.' },
  });
  expect(profile.status()).toBe(200);
  const ids: string[] = [];
  for (const title of titles) {
    const created = await request.post('/api/services', {
      data: { tags: ['Crown'], title, description: 'Anatomic crowns from your intraoral scan.', toothPrice: 40, unitOrArch: 'unit' },
    });
    expect(created.status()).toBe(201);
    ids.push((await created.json())._id as string);
  }
  return { person, userId: (await profile.json())._id as string, ids };
}

/** The /gigs search for a title: its card, or the empty-list sentence. */
async function searchGigs(page: Page, text: string) {
  await page.goto(`/gigs?search=${encodeURIComponent(text)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the owner edits and deletes a service; someone else can do neither', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = newPerson().username;
  const [editTitle, deleteTitle] = [`Edit me ${tag}`, `Delete me ${tag}`];
  const { ids } = await designerWithServices(page.request, [editTitle, deleteTitle]);
  const [editId, deleteId] = ids as [string, string];

  // 1. The owner opens Edit from the service page: the wizard, prefilled; title and price change.
  await page.goto(`/services/${editId}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${editId}/edit$`));
  await expect(page.getByRole('checkbox', { name: 'Crown' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel(/^Title/)).toHaveValue(editTitle);
  await page.getByLabel(/^Title/).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please fill in the title field.')).toBeVisible();
  await page.getByLabel(/^Title/).fill(`Edited ${tag}`);
  await page.getByLabel(/^Price per unit\/arch/).fill('64.5');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${editId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Edited ${tag}` })).toBeVisible();
  await expect(page.getByText('$64.50')).toBeVisible();

  // 2. Someone else opening the edit address gets a refusal and no form; the API refuses them too.
  const buyer = await newLivePage(browser);
  const other = buyer.context();
  await buyer.goto('/login');
  await logIn(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(buyer.getByText('Welcome back!')).toBeVisible();
  await buyer.goto(`/services/${editId}/edit`);
  await expect(buyer.getByRole('alert')).toHaveText('You are not authorized to change this service.');
  await expect(buyer.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(buyer.getByRole('checkbox')).toHaveCount(0);
  const patch = await buyer.request.patch(`/api/services/${editId}`, { data: { title: 'Taken over', toothPrice: 1 } });
  expect(patch.status()).toBe(403);
  expect((await patch.json()).message).toBe('You are not authorized to change this service.');
  const remove = await buyer.request.delete(`/api/services/${deleteId}`);
  expect(remove.status()).toBe(403);
  await other.close();
  const after = await (await page.request.get(`/api/services/${editId}`)).json();
  expect(after).toMatchObject({ title: `Edited ${tag}`, toothPrice: 64.5 });

  // 3. Delete asks first: Cancel keeps the service, confirming removes it from /gigs.
  await searchGigs(page, deleteTitle);
  await expect(page.getByRole('link', { name: deleteTitle })).toBeVisible();
  await page.goto(`/services/${deleteId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this service?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: deleteTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete service' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Service deleted.')).toBeVisible();
  expect((await page.request.get(`/api/services/single/${deleteId}`)).status()).toBe(404);
  await searchGigs(page, deleteTitle);
  await expect(page.getByText('No services available matching your criteria.')).toBeVisible();
  await expect(page.getByRole('link', { name: deleteTitle })).toHaveCount(0);
});

test('the administrator verifies a designer and hides a service, which leaves /gigs', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = newPerson().username;
  const title = `Hide me ${tag}`;
  const owner = await browser.newContext();
  const { person, userId, ids } = await designerWithServices(owner.request, [title]);
  await owner.close();
  const serviceId = ids[0]!;

  await page.goto('/login');
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();

  // 1. The new designer waits in Pending; Verify moves them to Verified, and the profile shows it.
  const pendingRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: person.username, exact: true }) });
  await expect(pendingRow.getByText('Pending')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Verify ${person.username}` }).click();
  await expect(pendingRow).toHaveCount(0);
  await page.locator('label').filter({ hasText: /^Verified$/ }).click(); // the status switch
  await expect(page.getByRole('button', { name: `Unverify ${person.username}` })).toBeVisible();
  expect((await (await page.request.get(`/api/users/profile/${userId}`)).json()).isVerified).toBe(true);

  // 2. Services: Hide takes the service off /gigs and answers 404 to everyone else.
  await searchGigs(page, title);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Services' }).click();
  const serviceRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(serviceRow.getByText('Visible')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Hide ${title}` }).click();
  await expect(serviceRow.getByText('Hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: `Show ${title}` })).toBeVisible();

  await searchGigs(page, title);
  await expect(page.getByText('No services available matching your criteria.')).toBeVisible();
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/api/services/single/${serviceId}`)).status()).toBe(404);
  await visitor.close();

  // 3. Support tickets are listed for the administrator too.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Support tickets' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectAccessible(page);
});
