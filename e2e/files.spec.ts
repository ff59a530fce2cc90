import { expect, newLivePage, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { binaryStl, DEMO_BUYER, expectAccessible, logIn } from './helpers';

/** How many pixels of a WebGL canvas differ from the viewer's background (#f1f3f5). */
function paintedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(source, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    let painted = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - 0xf1) + Math.abs(data[i + 1]! - 0xf3) + Math.abs(data[i + 2]! - 0xf5) > 30) painted += 1;
    }
    return painted;
  });
}

test('upload an STL, share it with a visitor who sees it in 3D, then delete it', async ({ page, context, browser }, testInfo) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login?redirect=/files');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.goto('/files');
  await expect(page.getByRole('tab', { name: 'My Files' })).toHaveAttribute('aria-selected', 'true');

  // Upload tab: the rules, the drop zone, a display name.
  await page.getByRole('tab', { name: '+ Upload New File' }).click();
  await expect(page.getByText('Accepted formats: STL, PLY, OBJ, ZIP, JPEG and PNG.')).toBeVisible();
  await expectAccessible(page);
  const name = `E2E crown ${Date.now().toString(36)}`;
  await page.getByLabel('File to upload').setInputFiles({ name: 'crown.stl', mimeType: 'model/stl', buffer: binaryStl() });
  await page.getByLabel(/^Display name/).fill(name);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Back on My Files, the new file first.
  await expect(page.getByRole('tab', { name: 'My Files' })).toHaveAttribute('aria-selected', 'true');
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toContainText(name);
  await expectAccessible(page);

  await firstRow.getByRole('button', { name: `Copy the link to ${name}` }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const directLink = await firstRow.getByRole('link', { name: `Download ${name}` }).getAttribute('href');
  expect(directLink).toBe(shareUrl.replace('/share/', '/api/files/'));

  // A visitor without a session opens the share page.
  const share = await newLivePage(browser);
  const visitor = share.context();
  await share.goto(shareUrl);
  await expect(share.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(share.getByRole('link', { name: 'Download' })).toHaveAttribute('href', directLink!);
  const canvas = share.getByRole('img', { name: `3D preview of ${name}` });
  await expect(canvas).toBeVisible();
  await expect(share.getByText('10 × 10 × 10 mm')).toBeVisible(); // the model loaded and was measured
  await expect.poll(() => paintedPixels(canvas)).toBeGreaterThan(1000);
  await share.screenshot({ path: testInfo.outputPath('share-page.png'), fullPage: true });
  await canvas.screenshot({ path: testInfo.outputPath('share-canvas.png') });
  await expectAccessible(share);

  // The owner deletes it; the link then answers 404.
  await firstRow.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file' });
  await expect(dialog.getByText('Are you sure you want to delete this file?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('cell', { name })).toHaveCount(0);

  expect((await visitor.request.get(directLink!)).status()).toBe(404);
  await share.reload();
  await expect(share.getByRole('heading', { level: 1, name: 'This file does not exist or was deleted.' })).toBeVisible();
  await expectAccessible(share);
  await visitor.close();
});
