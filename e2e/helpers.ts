import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_BUYER = { email: 'buyer@cusp.test', password: 'buyer-demo-1', username: 'demo_buyer' };

let counter = 0;
export function newPerson() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `e2e_${tag}`, email: `e2e_${tag}@example.com`, password: 'e2e-password-1', phone: '+966 50 000 1111' };
}

/** Fills and sends the register form for `person` (the page must be on /register). */
export async function fillRegisterForm(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByLabel(/^username/i).fill(person.username);
  await page.getByLabel(/^email/i).fill(person.email);
  await page.getByLabel(/^password/i).fill(person.password);
  await page.getByLabel(/^confirm password/i).fill(person.password);
  await page.getByLabel(/^phone/i).fill(person.phone);
  await page.getByRole('button', { name: /^register$/i }).click();
}

/**
 * Opens the confirmation link mailed to `email` at sign-up (docs/decisions/0050): the server has no SMTP here, so the
 * mail is a file in the data folder's outbox (playwright.config.ts names the folder in E2E_DATA_DIR). Selling, payout
 * details and paying wait for it.
 */
export async function confirmEmailFromOutbox(request: APIRequestContext, email: string, headers: Record<string, string> = {}) {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let token: string | null = null;
  // The mail is sent by the durable queue just after the sign-up's commit (each outbox file is written whole).
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox).sort().reverse();
      } catch {
        return null;
      }
      for (const file of files.filter((name) => name.endsWith('.json'))) {
        const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string };
        const link = mail.to === email ? mail.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/) : null;
        if (link) return (token = new URL(link[0]).searchParams.get('token'));
      }
      return null;
    })
    .not.toBeNull();
  expect((await request.post('/api/auth/verify-email', { data: { token }, headers })).status()).toBe(200);
}

export async function logIn(page: Page, email: string, password: string) {
  // After a client-side move to /login the previous page (say, Register, with its own Email field) stays on
  // screen until the login page's code has loaded: wait for the login form itself before typing.
  await page.getByRole('button', { name: /^log ?in$/i }).waitFor();
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

/**
 * Signs the demo buyer in through the API (no form, no toast), the page's context keeping the cookie; in Arabic when
 * `lang` says so (the stored choice, read before the first render).
 */
export async function buyerSession(page: Page, lang: 'en' | 'ar' = 'en') {
  if (lang === 'ar') await page.context().addInitScript(() => localStorage.setItem('lang', 'ar'));
  const login = await page.request.post('/api/auth/login', { data: { email: DEMO_BUYER.email, password: DEMO_BUYER.password } });
  expect(login.ok()).toBe(true);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 A/AA violations on what the page shows now, one line each (rule, help, elements). axe-core runs
 * straight in the page, injected once per document: @axe-core/playwright's builder opened a page of its own for
 * every scan to merge frame results, 1.4 s a scan against 0.3 s (docs/decisions/0040). Cusp's pages have no
 * frames, so none is left unscanned; a page that gets one fails here until this scans frames too.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Colours are checked as painted: a dialog still fading in has a paler button than it will have. Wait for
  // finite animations and transitions to end (endless ones, such as loaders, excepted).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  expect(await page.locator('iframe, frame').count(), 'a frame axe would not scan').toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, WCAG_TAGS);
}

/** No WCAG A/AA violations on what the page shows now. */
export async function expectAccessible(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/**
 * Opens the home page and waits until React has taken over the prerendered markup: until then its
 * buttons are only HTML (apps/web/scripts/prerender.mjs).
 */
export async function gotoHome(page: Page): Promise<void> {
  await page.goto('/');
  await expectLive(page);
}

export async function expectLive(page: Page): Promise<void> {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
}

/** Counts layout shifts from the first paint on (call before `goto`); `layoutShift` reads the sum. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
}

/**
 * The warnings the app logs when part of a page differed from the markup it arrived with and React
 * rendered it again (main.tsx): a server-rendered page should have none.
 */
export function collectMarkupMismatches(page: Page): string[] {
  const differed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('differed from the markup')) differed.push(message.text());
  });
  return differed;
}

/** A 10 mm binary STL tetrahedron, built as apps/server/test/mesh-samples.ts does. */
export function binaryStl(label = 'e2e tetrahedron'): Buffer {
  const points = [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ];
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ];
  const buf = Buffer.alloc(84 + 50 * faces.length);
  buf.write(label.slice(0, 79), 0, 'latin1');
  buf.writeUInt32LE(faces.length, 80);
  faces.forEach((face, i) => {
    const offset = 84 + i * 50 + 12; // after the normal
    face.forEach((v, j) => points[v]!.forEach((c, k) => buf.writeFloatLE(c, offset + j * 12 + k * 4)));
  });
  return buf;
}
