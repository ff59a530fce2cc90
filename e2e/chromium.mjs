// Finds the system Chromium (Playwright cannot download its own browser on this network).
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install it with "sudo apt-get install -y chromium" ' +
        '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Flags for a headless Chromium on a machine without outside network (see the env notes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
