// Screenshots of pages in English and Arabic, desktop and phone, for a person to look at.
//   node e2e/screenshots.mjs http://localhost:3000 /tmp/shots / /login /support ...
// Log in first with LOGIN=email:password.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/login', '/register', '/support', '/about', '/privacy-policy', '/no-such-page'];
const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const [device, viewport] of Object.entries(viewports)) {
  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    if (process.env.LOGIN) {
      const [email, password] = process.env.LOGIN.split(':');
      await page.request.post(`${base}/api/auth/login`, { data: { email, password }, headers: { origin: base } });
    }
    for (const p of pages) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${device}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      if (device === 'phone') {
        // Tall phone pages shrink to nothing when viewed whole: also save them in screen-sized parts.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height; y += 1200, part++) {
          const clip = { x: 0, y, width: viewport.width, height: Math.min(1200, height - y) };
          await page.screenshot({ path: path.join(outDir, name.replace('.png', `-part${part}.png`)), fullPage: true, clip });
        }
      }
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
