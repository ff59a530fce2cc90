/** Types of chromium.mjs (kept as plain JavaScript so `node e2e/run.mjs` needs no build step). */
export function findChromium(): string;
export const CHROMIUM_ARGS: string[];
