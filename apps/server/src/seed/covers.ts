import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Storage } from '../platform/storage/storage.js';

/** Colours per category, so the demo catalogue reads at a glance. */
const PALETTES: Record<string, [string, string]> = {
  Crown: ['#0b7285', '#66d9e8'],
  Bridge: ['#1864ab', '#74c0fc'],
  Veneer: ['#862e9c', '#e599f7'],
  Implant: ['#2b8a3e', '#8ce99a'],
  Orthodontics: ['#c92a2a', '#ffa8a8'],
  Dentures: ['#e67700', '#ffd43b'],
  Whitening: ['#495057', '#dee2e6'],
  Cleaning: ['#087f5b', '#63e6be'],
  'Root Canal': ['#5f3dc4', '#b197fc'],
  Extraction: ['#364fc7', '#91a7ff'],
};

const TOOTH =
  'M200 70c-40 0-70 20-70 60 0 30 10 55 15 90 6 40 12 90 30 90 16 0 14-60 25-60s9 60 25 60c18 0 24-50 30-90 5-35 15-60 15-90 0-40-30-60-70-60z';

/** A generated cover (no network, no fonts): gradient, a tooth outline and a pattern per variant. */
export function coverSvg(tag: string, variant: number): string {
  const [dark, light] = PALETTES[tag] ?? PALETTES.Crown!;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = 40 + ((i * 97 + variant * 53) % 720);
    const y = 30 + ((i * 61 + variant * 37) % 380);
    return `<circle cx="${x}" cy="${y}" r="${18 + ((i + variant) % 4) * 14}" fill="#fff" opacity="0.08"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="800" height="450" fill="url(#g)"/>${circles}
  <g transform="translate(${200 + (variant % 3) * 100} 20)"><path d="${TOOTH}" fill="#fff" opacity="0.92"/><path d="${TOOTH}" fill="none" stroke="${dark}" stroke-width="6" opacity="0.5"/></g>
</svg>`;
}

/** Renders a cover to WebP and stores it; returns its /media URL. */
export async function storeCover(storage: Storage, key: string, tag: string, variant: number): Promise<string> {
  const webp = await sharp(Buffer.from(coverSvg(tag, variant))).webp({ quality: 80 }).toBuffer();
  await storage.put(key, Readable.from(webp));
  return `/media/${key}`;
}
