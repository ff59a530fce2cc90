/**
 * Dental synonyms and abbreviations for catalogue search (docs/decisions/0031-search.md), English and Arabic.
 *
 * Each line is one group of terms that mean the same thing to a buyer. A search word (or run of words) that is
 * one of a group's terms matches any of the group's terms: "zirkonia" finds "Zirconia", "تاج" finds "crown", "PFM"
 * finds "porcelain fused to metal". Matching ignores case, dots and hyphens ("e.max" = "e max" = "E-max"), and an
 * Arabic term also matches with the article ("التاج" = "تاج").
 *
 * To extend it: add a term to the group it belongs to, or a new line for a new group. Terms are plain words
 * (letters, digits, spaces, dots, hyphens); a term of several words matches a service that has all of them. English
 * plurals and other word forms need no entry (the English stemmer already finds "crowns" for "crown"), but Arabic
 * plurals do ("تيجان" next to "تاج"). A term may be in one group only (the test `search-synonyms.test.ts` checks the
 * list). Keep groups to real equivalents: every term of a group counts as a match for every other, so a loose entry
 * ("ceramic" next to "e.max") would flood the results. Changes apply at the next start; nothing needs migrating.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  // Materials
  ['zirconia', 'zirkonia', 'zirconium', 'zr', 'zro2', 'زركونيا', 'زيركونيا'],
  ['e.max', 'emax', 'lithium disilicate', 'lisi2', 'ليثيوم ديسيليكات', 'إيماكس', 'ايماكس'],
  ['pfm', 'porcelain fused to metal', 'metal ceramic', 'metal-ceramic', 'ceramometal', 'بورسلين على معدن', 'خزف على معدن', 'ميتال سيراميك'],
  ['pmma', 'acrylic', 'أكريليك', 'اكريليك'],
  ['titanium', 'ti', 'تيتانيوم'],
  ['composite', 'كومبوزيت', 'كمبوزيت'],
  ['wax', 'wax-up', 'waxup', 'شمع'],
  // Restorations
  ['crown', 'cap', 'تاج', 'تيجان', 'طربوش'],
  ['bridge', 'fpd', 'fixed partial denture', 'جسر', 'جسور'],
  ['veneer', 'laminate', 'قشرة', 'قشور', 'فينير', 'لامينيت'],
  ['implant', 'fixture', 'زرعة', 'زرعات', 'غرسة', 'زراعة'],
  ['abutment', 'custom abutment', 'دعامة', 'دعامات'],
  ['inlay', 'onlay', 'حشوة', 'حشوات'],
  ['denture', 'prosthesis', 'طقم', 'طقم أسنان', 'أطقم'],
  ['night guard', 'nightguard', 'occlusal splint', 'splint', 'جبيرة', 'واقي ليلي'],
  ['aligner', 'clear aligner', 'تقويم شفاف', 'مصففات'],
  ['surgical guide', 'implant guide', 'دليل جراحي'],
  ['smile design', 'dsd', 'digital smile design', 'تصميم الابتسامة', 'تصميم ابتسامة'],
  ['pontic', 'دمية'],
  ['full arch', 'full-arch', 'all on 4', 'all-on-4', 'فك كامل'],
  // Work and tools
  ['cad', 'cad/cam', 'cadcam', 'كاد كام'],
  ['design', 'designer', 'تصميم', 'مصمم'],
  ['scan', 'intraoral scan', 'ios', 'مسح', 'سكان'],
  ['exocad', 'اكسوكاد', 'إكسوكاد'],
  ['3shape', 'three shape', 'ثري شيب'],
  ['orthodontics', 'ortho', 'تقويم', 'تقويم الأسنان'],
];

/**
 * How search compares words: lower case, Arabic without diacritics and tatweel, the alef forms as one, and no dots,
 * hyphens or slashes inside a word (so "E.max", "e-max" and "emax" are one key). Returns the keys of the text's words.
 */
export function searchKeys(text: string): string[] {
  return (normalizeSearchText(text).match(CHUNK) ?? []).map(chunkKey);
}

/** A word as typed, joining signs included ("e.max", "wax-up", "cad/cam"). */
export const CHUNK = /[\p{L}\p{N}]+(?:[./-][\p{L}\p{N}]+)*/gu;

/** Lower case, Unicode-normalized, Arabic diacritics and tatweel removed: typed with them or not, the same word. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\u064B-\u065F\u0670\u0640]/g, '');
}

/** The key of one word (see `searchKeys`). */
export function chunkKey(chunk: string): string {
  return chunk.replace(/[./-]/g, '').replace(/[أإآ]/g, 'ا');
}

const ARTICLE = /^(?:وال|بال|فال|كال|ال|لل)(?=[\u0621-\u064A]{2,}$)/;

/** An Arabic word without its article ("التاج" -> "تاج"), or null when it has none. */
export function withoutArticle(key: string): string | null {
  return ARTICLE.test(key) ? key.replace(ARTICLE, '') : null;
}
