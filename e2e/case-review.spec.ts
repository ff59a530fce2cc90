import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { DEMO_BUYER, expectAccessible } from './helpers';
import { demoQuadrant } from '../apps/server/src/seed/demo-quadrant';

// The case review (docs/decisions/0037): the case in one 3D scene, pins with notes, the revision that carries them, the designer's view.
const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1' };
const SHOTS = process.env.REVIEW_SHOTS; // a folder: screenshots of the viewer with pins, to look at

/**
 * A whole-page screenshot from the top: taken where the test left the page scrolled, the sticky header is drawn
 * in the middle of the picture, over the scene and the pin list. (On a phone context the whole-page capture also
 * resizes the emulated screen, so its hint under the scene may read as a mouse's: the viewport shot is the truth.)
 */
async function fullShot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await newLivePage(browser, { baseURL, ...options });
  const login = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

/** Every file of the scene has arrived (no "Loading" badge left). */
async function sceneLoaded(page: Page, files: number) {
  await expect(page.getByTestId('review-layer')).toHaveCount(files, { timeout: 30_000 }); // the page's lazy chunk first
  await expect(page.getByTestId('review-layer').getByText('Loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('review-layer').getByText('Could not load')).toHaveCount(0);
}

test('the dentist reviews a crown on the prep scan in 3D, measures, pins two changes and asks for a revision; the designer sees both pins', async ({ browser, baseURL }) => {
  test.setTimeout(480_000); // two contexts, a phone, then both again in Arabic: minutes on a busy shared machine
  const origin = { origin: baseURL! };
  // Coarser than the seeded case (the same shapes), to keep the upload and the drawing quick on a slow machine.
  const quadrant = demoQuadrant(0.5);

  // A service of the demo designer, ordered by the demo buyer with the quadrant scan and the antagonist.
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);
  const created = await designer.request.post('/api/services', {
    data: { title: `E2E review ${Date.now().toString(36)}`, description: 'Posterior crowns on your scans.', toothPrice: 50, unitOrArch: 'unit', tags: ['Crown'], deliveryTime: 2, revisions: 2 },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  const serviceId = ((await created.json()) as { _id: string })._id;

  const buyer = await loggedInPage(browser, baseURL!, DEMO_BUYER);
  const upload = async (name: string, buffer: Buffer) => {
    const res = await buyer.request.post('/api/order-files', { multipart: { file: { name, mimeType: 'model/stl', buffer } }, headers: origin });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  const prep = await upload('lower-left-quadrant-prep-36.stl', quadrant.lowerPrep);
  const antagonist = await upload('upper-antagonist.stl', quadrant.upperAntagonist);
  const intent = await buyer.request.post('/api/payments/intents', {
    data: { type: 'service', id: serviceId, teeth: [36], attachments: [{ id: prep, role: 'prep' }, { id: antagonist, role: 'upper_jaw' }] },
    headers: origin,
  });
  expect(intent.status()).toBe(201);
  const { _id: paymentId, orderId } = (await intent.json()) as { _id: string; orderId: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Dr Review' };
  expect((await buyer.request.post(`/api/payments/${paymentId}/sandbox-pay`, { data: card, headers: origin })).ok()).toBe(true);
  expect((await buyer.request.patch('/api/orders', { data: { payment_intent: paymentId }, headers: origin })).ok()).toBe(true);
  const orderPath = `/orders/${orderId}`;

  // 1. The designer delivers the crown designed on that preparation.
  await designer.goto(orderPath);
  await designer.getByLabel('Design files').setInputFiles({ name: 'crown-36.stl', mimeType: 'model/stl', buffer: quadrant.crown36 });
  await expect(designer.getByText(/^Uploaded ·/)).toBeVisible({ timeout: 30_000 });
  await designer.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(designer.getByText('The design was delivered.')).toBeVisible();

  // 2. The dentist opens the case in one scene: the prep scan, the antagonist and the crown. three.js (the
  // load-mesh chunk) arrives only with the scene: neither the home page nor the order page asks for it.
  const scripts: string[] = [];
  buyer.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const threeChunk = (path: string) => /\/assets\/(load-mesh|ReviewViewport|MeshViewerCanvas)-/.test(path);
  await buyer.goto('/');
  await buyer.goto(orderPath);
  await expect(buyer.getByRole('link', { name: 'Review in 3D (3 files)' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(threeChunk)).toEqual([]);
  await buyer.getByRole('link', { name: 'Review in 3D (3 files)' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Review in 3D' })).toBeVisible({ timeout: 30_000 }); // its own lazy chunk, slow on a busy machine
  await sceneLoaded(buyer, 3);
  await expect(buyer.getByRole('img', { name: /^3D scene of the case/ })).toBeVisible();
  expect(scripts.some((path) => /\/assets\/load-mesh-/.test(path))).toBe(true);

  // Hides the antagonist to see the crown from above.
  const antagonistBox = buyer.getByRole('checkbox', { name: 'Show Upper jaw upper-antagonist.stl' });
  await antagonistBox.uncheck();
  await expect(antagonistBox).not.toBeChecked();
  await buyer.getByRole('button', { name: 'Occlusal' }).click();

  // 3. Measures between two points on the model: the first clicked, the second from the keyboard (the arrow keys
  // pan the view, Enter picks the surface under the cross at its centre).
  const canvas = buyer.getByTestId('review-canvas');
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await buyer.getByText('Measure', { exact: true }).click();
  await expect(buyer.getByTestId('review-crosshair')).toBeAttached();
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(buyer.getByTestId('measurement')).toHaveText('1 point chosen; choose one more.');
  await canvas.focus();
  for (let i = 0; i < 5; i++) await buyer.keyboard.press('ArrowLeft');
  await buyer.keyboard.press('Enter');
  await expect(buyer.getByTestId('measurement')).toHaveText(/^Distance: \d+\.\d\d mm$/);
  const measuredMm = Number((await buyer.getByTestId('measurement').textContent())!.match(/[\d.]+/)![0]);
  expect(measuredMm).toBeGreaterThan(0.5); // the pan moved the centre across the crown

  // 4. Drops two pins: one by tapping the model (with the measurement attached), one from the keyboard at the centre.
  await buyer.getByRole('button', { name: 'Occlusal' }).click(); // back to the view before the pan
  await buyer.getByText('Place pin', { exact: true }).click();
  await buyer.mouse.click(cx + 20, cy - 15);
  const form = buyer.getByTestId('pin-form');
  await form.getByLabel(/^Pin 1 on crown-36\.stl/).fill('Open the distal contact 0.05 mm');
  await expect(form.getByRole('checkbox', { name: /^Attach the measurement/ })).toBeChecked();
  await form.getByRole('button', { name: 'Add pin' }).click();
  await buyer.getByRole('button', { name: 'Place a pin at the centre of the view' }).click();
  await buyer.getByTestId('pin-form').getByLabel(/^Pin 2 on /).fill('Deepen the central fissure');
  await buyer.getByTestId('pin-form').getByRole('button', { name: 'Add pin' }).press('Enter');
  const pins = buyer.getByTestId('pin-list').getByRole('listitem');
  await expect(pins).toHaveCount(2);
  await expect(pins.first()).toContainText('Open the distal contact 0.05 mm');
  await expect(pins.first()).toContainText(`Measured: ${measuredMm.toFixed(2)} mm`);
  await expect(pins.nth(1)).not.toContainText('Measured'); // the measurement went with pin 1

  // The checklist: margins fine, contacts need a change (noted).
  await buyer.getByTestId('check-margins').getByText('Fine').click();
  await buyer.getByTestId('check-contacts').getByText('Needs a change').click();
  await buyer.getByLabel('What should change (Contacts)').fill('Distal contact too light');
  await expectAccessible(buyer);
  if (SHOTS) await fullShot(buyer, `${SHOTS}/review-buyer-desktop-en.png`);

  // 5. One revision request carries both pins and the checklist's note.
  await buyer.getByRole('button', { name: 'Request a revision (2 pins)' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${orderPath}$`));
  const timelinePins = buyer.getByTestId('event-pins').getByRole('listitem');
  await expect(timelinePins).toHaveCount(2);
  await expect(buyer.getByText('Contacts: Distal contact too light')).toBeVisible();

  // Nobody else reads them.
  const stranger = await newLivePage(browser, { baseURL });
  expect((await stranger.request.get(`/api/orders/${orderId}`)).status()).toBe(401);
  await stranger.context().close();

  // 6. The designer, on a phone, sees the same two pins in the scene and as a list, and resolves one.
  const phone = await loggedInPage(browser, baseURL!, DEMO_DESIGNER, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${orderPath}/review`);
  await sceneLoaded(phone, 3);
  const designerPins = phone.getByTestId('pin-list').getByRole('listitem');
  await expect(designerPins).toHaveCount(2);
  await expect(designerPins.nth(0)).toContainText('Pin 1 · crown-36.stl');
  await expect(designerPins.nth(1)).toContainText('Deepen the central fissure');
  await expect(phone.getByText(/right-drag|right mouse/i)).toHaveCount(0); // touch gestures only
  // The toolbar wraps on a phone: zoom in and zoom out stay on one row, side by side.
  const zoomIn = (await phone.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
  const zoomOut = (await phone.getByRole('button', { name: 'Zoom out' }).boundingBox())!;
  expect(Math.abs(zoomIn.y - zoomOut.y)).toBeLessThan(2);
  expect(zoomOut.x).toBeGreaterThan(zoomIn.x);
  // Touch: a pinch zooms and a one-finger drag orbits (the pins' numbers, drawn over their markers, move with the view).
  const tag = phone.getByTestId('review-canvas').locator('xpath=following-sibling::div[1]/span').first();
  const where = async () => tag.evaluate((el) => `${(el as HTMLElement).style.left},${(el as HTMLElement).style.top}`);
  const touchBox = (await phone.getByTestId('review-canvas').boundingBox())!;
  const [mx, my] = [touchBox.x + touchBox.width / 2, touchBox.y + touchBox.height / 2];
  const cdp = await phone.context().newCDPSession(phone);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  let before = await where();
  await touch('touchStart', [[mx - 20, my], [mx + 20, my]]);
  for (const spread of [40, 60, 80, 100]) await touch('touchMove', [[mx - spread, my], [mx + spread, my]]);
  await touch('touchEnd', []);
  await expect.poll(where).not.toBe(before);
  before = await where();
  await touch('touchStart', [[mx, my]]);
  for (const dx of [15, 30, 45, 60]) await touch('touchMove', [[mx + dx, my]]);
  await touch('touchEnd', []);
  await expect.poll(where).not.toBe(before);
  await phone.getByRole('button', { name: 'Show pin 2 in the scene' }).click();
  // The pin's crown in view, not the underside of the upper jaw that the default view looks through.
  await expect(phone.getByRole('checkbox', { name: 'Show Upper jaw upper-antagonist.stl' })).not.toBeChecked();
  await phone.getByRole('checkbox', { name: 'Pin 1 resolved' }).check();
  await expect(designerPins.nth(0)).toContainText('Resolved');
  await expectAccessible(phone);
  if (SHOTS) {
    await phone.screenshot({ path: `${SHOTS}/review-designer-phone-en.png` });
    await fullShot(phone, `${SHOTS}/review-designer-phone-en-full.png`);
  }
  const order = (await (await phone.request.get(`/api/orders/${orderId}`)).json()) as { events: Array<{ type: string; pins: Array<{ resolved: boolean }> }> };
  expect(order.events.find((e) => e.type === 'revision_requested')!.pins.map((p) => p.resolved)).toEqual([true, false]);

  // 7. In Arabic, right to left: the designer at a desk and the dentist on a phone see the same two pins.
  for (const [who, options, name] of [
    [DEMO_DESIGNER, { viewport: { width: 1280, height: 900 } }, 'designer-desktop'],
    [DEMO_BUYER, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, 'buyer-phone'],
  ] as const) {
    const page = await loggedInPage(browser, baseURL!, who, options);
    // The app's language is the one stored in the browser (the cookie only tells the server which to prerender).
    await page.context().addInitScript(() => localStorage.setItem('lang', 'ar'));
    await page.goto(`${orderPath}/review`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'المراجعة ثلاثية الأبعاد' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('review-layer')).toHaveCount(3);
    await expect(page.getByTestId('review-layer').getByText('جارٍ التحميل')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('review-layer').getByText('تعذّر التحميل')).toHaveCount(0);
    const listed = page.getByTestId('pin-list').getByRole('listitem');
    await expect(listed).toHaveCount(2);
    await expect(listed.nth(0)).toContainText('الدبوس 1 · crown-36.stl');
    await expect(listed.nth(1)).toContainText('Deepen the central fissure');
    await expectAccessible(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/review-${name}-ar.png` });
      await fullShot(page, `${SHOTS}/review-${name}-ar-full.png`);
    }
    await page.context().close();
  }
});
