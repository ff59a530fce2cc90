import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { collectMarkupMismatches, DEMO_BUYER, expectAccessible, expectLive, layoutShift, recordLayoutShifts } from './helpers';

// /gigs, a service and a course arrive rendered with their data for this reader (apps/server/src/
// page-renderer.ts): a phone paints the page before the JavaScript has loaded; React then takes over
// from the same data, without asking for it again and without moving anything.

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1' };

async function firstCourse(page: Page): Promise<{ _id: string; title: string }> {
  const courses = (await (await page.request.get('/api/courses?limit=1')).json()) as Array<{ _id: string; title: string }>;
  return courses[0]!;
}

async function firstService(page: Page): Promise<{ _id: string; title: string }> {
  const services = (await (await page.request.get('/api/gigs?limit=1')).json()) as Array<{ _id: string; title: string }>;
  return services[0]!;
}

async function logInByApi(page: Page, who: { email: string; password: string }) {
  expect((await page.request.post('/api/auth/login', { data: who })).status()).toBe(200);
}

/** Whether the HTML the server sent (not the live page) holds this text. */
async function sentHtml(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

test.describe('before any script has run', () => {
  // The HTML itself is under test: nothing waits for an app that never arrives.
  test.use({ waitForApp: false });
  // The app's scripts never arrive (axe itself still runs in the page).
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  test('/gigs shows the services in the HTML, styled and accessible, and in Arabic right to left', async ({ page, context, baseURL }) => {
    const service = await firstService(page);
    await page.goto('/gigs');
    await expect(page.getByRole('heading', { level: 1, name: 'All services' })).toBeVisible();
    await expect(page.getByRole('link', { name: service.title }).first()).toBeVisible();
    await expect(page.getByText(/^\d+ services$/)).toBeVisible();
    await expectAccessible(page);

    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    await page.goto('/gigs?sort=createdAt');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'جميع الخدمات' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'الترتيب: الأحدث' })).toBeVisible();
  });

  test('a course page shows the course in the HTML', async ({ page }) => {
    const course = await firstCourse(page);
    await page.goto(`/courses/${course._id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expectAccessible(page);
  });

  test("a member's service page is rendered with the session; a visitor gets the frame and none of the service", async ({ page, browser }) => {
    const service = await firstService(page);
    const visitorHtml = await sentHtml(page, `/services/${service._id}`);
    expect(visitorHtml).toContain('data-prerendered="shell"');
    expect(visitorHtml).not.toContain(service.title);

    await logInByApi(page, DEMO_BUYER);
    await page.goto(`/services/${service._id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await expect(page.getByRole('button', { name: /account menu|demo_buyer/i }).first()).toBeVisible();
    const html = await sentHtml(page, `/services/${service._id}`);
    expect(html).toContain('data-prerendered="page"');
    expect(html).toContain(DEMO_BUYER.username);

    // Another browser (no session) asking for the same address still gets nothing of it.
    const other = await browser.newContext();
    try {
      const theirs = await (await other.request.get(`/services/${service._id}`)).text();
      expect(theirs).not.toContain(DEMO_BUYER.username);
      expect(theirs).not.toContain(service.title);
    } finally {
      await other.close();
    }
  });

  test('a missing service or course gets the frame (the app then says it is not there)', async ({ page }) => {
    await logInByApi(page, DEMO_BUYER);
    for (const path of ['/services/00000000-0000-4000-8000-000000000000', '/courses/00000000-0000-4000-8000-000000000000']) {
      expect(await sentHtml(page, path)).toContain('data-prerendered="shell"');
    }
  });
});

test('React takes over a rendered page from its data: no second request for it, no layout shift', async ({ page }) => {
  const course = await firstCourse(page);
  await recordLayoutShifts(page);
  const differed = collectMarkupMismatches(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/courses') || url.pathname.startsWith('/api/auth/me')) asked.push(url.pathname);
  });
  await page.goto(`/courses/${course._id}`);
  await expectLive(page);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  const shift = await layoutShift(page);
  expect(shift).toBeLessThan(0.01);
  expect(asked).toEqual([]);
  expect(differed).toEqual([]);
  // The page is live: moving on is the app's own navigation.
  await page.getByRole('link', { name: 'Cusp, home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a title cannot break out of the page's data: it shows as written and runs nothing", async ({ page }) => {
  await logInByApi(page, DEMO_DESIGNER);
  const title = `Crown </script><script>window.__ran = 1</script><!-- $& $' design ${Date.now()}`;
  const created = await page.request.post('/api/services', {
    data: { tags: ['Crown'], title, description: 'Anatomic crowns from your intraoral scan.', toothPrice: 40, unitOrArch: 'unit' },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/services/${_id}`);
  await expectLive(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  expect(errors).toEqual([]);
  await page.request.delete(`/api/services/${_id}`);
});

test.describe('in the reader\'s time zone', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });

  test('the server writes the times of /messages as the browser does (the tz cookie), so nothing is rendered twice', async ({ page }) => {
    const differed = collectMarkupMismatches(page);
    await logInByApi(page, DEMO_BUYER);
    // Any page tells the server the time zone as the reader leaves it (or with the first date it shows).
    await page.goto('/courses');
    await page.goto('/about');
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'tz')?.value).toBe('Asia%2FRiyadh');
    const html = await sentHtml(page, '/messages');
    expect(html).toContain('data-prerendered="page"');
    await page.goto('/messages');
    await expectLive(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // Each time in the list reads the same in the HTML the server sent and in the live page.
    const times = await page.locator('time').allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(html).toContain(time);
    expect(differed).toEqual([]);
  });
});
