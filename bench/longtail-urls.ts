/**
 * The long tail's URLs (bench/longtail.ts): distinct list requests as people make them. A module of its own so that
 * other scripts (and a profile run) can draw the same URLs without running the bench.
 */
import { MATERIALS, RESTORATIONS, SERVICE_SORTS, SERVICE_TAGS, SOFTWARE } from '@cusp/shared';

/** What people type: words, plurals, typing mistakes, partial words, synonyms, abbreviations, Arabic. */
const SEARCHES = [
  'zirconia', 'zirconia crown', 'zirconia crowns', 'crowns', 'crown', 'zirkonia', 'zirc', 'Zr crown', 'monolithic zirconia',
  'bridge', 'bridges', 'maryland bridge', 'marylnd', 'veneer', 'veneers', 'smile design', 'veneer smile', 'implant',
  'implants', 'implant abutment', 'custom abutment', 'abutment', 'abutmnt', 'screw retained', 'e.max', 'emax',
  'lithium disilicate', 'PFM', 'porcelain fused to metal', 'denture', 'complete denture', 'dentures', 'aligner',
  'aligner setup', 'clear aligners', 'whitening tray', 'whitening', 'splint', 'perio splint', 'endocrown', 'endo crown',
  'socket shield', 'inlay', 'onlay', 'crwn', 'brige', 'implnt', 'venner', 'dentur', 'تاج', 'تيجان', 'جسر', 'قشرة',
  'زرعة', 'زركونيا', 'تاج زركونيا', 'exocad', '3shape', 'milled', 'stl', 'design',
];

/** A small deterministic generator, so that every run draws the same URLs. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` distinct list URLs: a search on two in three, a category on one in three, a capability on one in four, a
 * price range on one in three, every sort, 12/24/48 a page, mostly the first pages (as people page).
 */
export function longTailListUrls(count: number, seed = 21): string[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const urls = new Set<string>();
  for (let tries = 0; urls.size < count && tries < count * 20; tries++) {
    const q = new URLSearchParams();
    if (rnd() < 0.67) q.set('search', pick(SEARCHES));
    if (rnd() < 0.33) q.set('cat', pick(SERVICE_TAGS));
    if (rnd() < 0.25) {
      const which = rnd();
      if (which < 0.4) q.set('restoration', pick(RESTORATIONS));
      else if (which < 0.75) q.set('material', pick(MATERIALS));
      else q.set('software', pick(SOFTWARE));
    }
    if (rnd() < 0.33) {
      const min = Math.floor(rnd() * 8) * 10;
      q.set('min', String(min));
      q.set('max', String(min + 20 + Math.floor(rnd() * 10) * 20));
    }
    if (rnd() < 0.8) q.set('sort', pick(SERVICE_SORTS));
    const limit = pick([24, 24, 24, 12, 48]);
    q.set('limit', String(limit));
    // Page 1 on half the requests, then fewer and fewer deeper pages, up to page 20.
    const page = rnd() < 0.5 ? 0 : Math.min(19, Math.floor(-Math.log(1 - rnd()) * 3));
    if (page) q.set('offset', String(page * limit));
    urls.add(`/api/gigs?${q}`);
  }
  return [...urls];
}
