import path from 'node:path';
import { expect, newLivePage, test } from './fixtures';
import type { Page } from '@playwright/test';
import { confirmEmailFromOutbox, expectAccessible, fillRegisterForm, logIn, newPerson } from './helpers';

/** The demo lesson clips the seeder ships (6 s, 320x180 H.264). */
const CLIPS = path.resolve(import.meta.dirname, '../apps/server/src/seed/assets/courses');
const clip = (n: number) => path.join(CLIPS, `lesson-${n}.mp4`);

/** A real 4x4 PNG for the thumbnail (the server re-encodes images). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPgq2qFIwbiOACt8xDRUjP9vwAAAABJRU5ErkJggg==',
  'base64',
);

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

const lesson = (page: Page, n: number) => page.getByRole('group', { name: `Lesson ${n}` });

test('a creator publishes a course; a buyer who has not paid sees no lesson; after paying, the buyer learns and sees progress', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const creator = await registerAndLogIn(page);
  const title = `E2E abutment course ${creator.username}`;

  // 1. The wizard: step 1 refuses empty required fields with its message (docs/product.md §10.1).
  await page.goto('/courses');
  await page.getByRole('link', { name: '+ Create Course' }).click();
  await expect(page).toHaveURL(/\/courses\/create$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill in required course fields.')).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Description/).fill('Design a custom abutment, from the scan body to the milling file.');
  await page.getByLabel(/^Price/).fill('12.50');
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Implant prosthetics' }).click();
  await page.locator('input[type="file"][aria-label="Thumbnail image"]').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. Lessons: each needs a title and a video; videos upload at once and fill in their duration.
  await page.getByRole('button', { name: 'Submit course' }).click();
  await expect(page.getByText('Each lesson must have a title and video file.')).toBeVisible();
  await lesson(page, 1).getByLabel(/^Lesson title/).fill('Matching the scan body');
  await page.locator('input[type="file"][aria-label="Video for lesson 1"]').setInputFiles(clip(1));
  await expect(page.getByText('Uploaded: lesson-1.mp4')).toBeVisible();
  await expect(lesson(page, 1).getByLabel(/^Duration/)).toHaveValue('0:06');
  await lesson(page, 1).getByRole('switch', { name: 'Free preview' }).click();
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await lesson(page, 2).getByLabel(/^Lesson title/).fill('Shaping the emergence profile');
  await page.locator('input[type="file"][aria-label="Video for lesson 2"]').setInputFiles(clip(2));
  await expect(page.getByText('Uploaded: lesson-2.mp4')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit course' }).click();
  await expect(page.getByText('Course submitted successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}$/);
  const courseId = page.url().split('/').pop()!;

  // 3. The detail page, as the creator.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$12.50')).toBeVisible();
  await expect(page.getByText('one-time payment')).toBeVisible();
  await expect(page.getByText('Implant prosthetics', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit course' })).toBeVisible();
  await expectAccessible(page);

  // 4. A buyer who has not paid: the locked lesson's video is refused on every range; a forged thank-you enrols nobody.
  const buyer = await newLivePage(browser);
  const buyerContext = buyer.context();
  await registerAndLogIn(buyer);
  await buyer.goto(`/courses/${courseId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('Enrol to watch this lesson')).toBeAttached();
  const course = await (await buyer.request.get(`/api/courses/${courseId}`)).json();
  const locked = `/api/courses/${courseId}/lessons/${course.lessons[1]._id}/video`;
  expect(course.lessons[1].videoUrl).toBeNull();
  for (const range of ['bytes=0-0', 'bytes=-500', 'bytes=0-']) {
    expect((await buyer.request.get(locked, { headers: { range } })).status()).toBe(403);
  }
  expect((await buyer.request.get(course.lessons[0].videoUrl, { headers: { range: 'bytes=0-0' } })).status()).toBe(206); // free preview
  await buyer.goto(`/thank-you?status=success&courseId=${courseId}&transactionId=forged-123`);
  await expect(buyer.getByText('There was a problem with your payment.')).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/courses');
  await expectAccessible(buyer);
  await buyer.goto(`/courses/${courseId}`);
  await expect(buyer.getByRole('link', { name: 'Enroll Now' })).toBeVisible();
  await expectAccessible(buyer);

  // 5. Paying with the sandbox card on the shared payment page enrols through /thank-you.
  await buyer.getByRole('link', { name: 'Enroll Now' }).click();
  // The page keeps the course's payment in its address once made (for a reload), so either form is right.
  await expect(buyer).toHaveURL(new RegExp(`/pay/course/${courseId}(\\?payment=[0-9a-f-]{36})?$`));
  await buyer.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await buyer.getByLabel(/^Expiry date/).fill('12/30');
  await buyer.getByLabel(/^Security code/).fill('123');
  await buyer.getByLabel(/^Name on card/).fill('Demo Buyer');
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await expect(buyer).toHaveURL(/\/thank-you\?/);
  await expect(buyer.getByText('Your payment was successful.')).toBeVisible({ timeout: 15_000 });
  await expectAccessible(buyer);
  await buyer.getByRole('link', { name: 'Go to My Courses' }).click();

  // 6. My Courses, then the learn page: play a lesson to its end and see the progress.
  await expect(buyer).toHaveURL(/\/my-courses$/);
  await expect(buyer.getByRole('heading', { level: 1, name: 'My Enrolled Courses' })).toBeVisible();
  await expect(buyer.getByRole('progressbar', { name: `Progress in ${title}` })).toHaveAttribute('aria-valuenow', '0');
  await expectAccessible(buyer);
  await buyer.getByRole('link', { name: title }).click();
  await expect(buyer).toHaveURL(new RegExp(`/courses/${courseId}/learn$`));
  await expect(buyer.getByText('0% complete · 0 of 2 lessons')).toBeVisible();
  expect((await buyer.request.get(locked, { headers: { range: 'bytes=0-0' } })).status()).toBe(206);
  await expectAccessible(buyer);
  const video = buyer.getByTestId('lesson-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect(buyer.getByText('50% complete · 1 of 2 lessons')).toBeVisible({ timeout: 20_000 });
  await expect(buyer.getByRole('button', { name: /Lesson 1: Matching the scan body/ })).toContainText('Completed');

  // Progress is kept: the list on My Courses shows it too.
  await buyer.goto('/my-courses');
  await expect(buyer.getByRole('progressbar', { name: `Progress in ${title}` })).toHaveAttribute('aria-valuenow', '50');
  await buyerContext.close();

  // 7. Only the creator changes the course: the buyer's edit is refused, and deleting a course with learners is too.
  const intruder = await newLivePage(browser);
  const other = intruder.context();
  await registerAndLogIn(intruder);
  const patch = await intruder.request.patch(`/api/courses/${courseId}`, { data: { title: 'Taken over' } });
  expect(patch.status()).toBe(403);
  await other.close();
  const del = await page.request.delete(`/api/courses/${courseId}`);
  expect(del.status()).toBe(409);
});

test('the course list and a free course in Arabic, on a phone', async ({ browser }) => {
  const page = await newLivePage(browser, { viewport: { width: 390, height: 844 } });
  const context = page.context();
  await context.addInitScript(() => localStorage.setItem('lang', 'ar'));
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'الدورات المتاحة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('مجانية').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Your first crown in exocad' }).click();
  await expect(page.getByRole('button', { name: 'سجّل الآن' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
