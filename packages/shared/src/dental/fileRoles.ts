import type { FileRole } from './catalogue.js';

/**
 * A first guess at what a case file is, from the name scanners and CAD software give it (DENTAL.md "Scans
 * and files"); the buyer corrects it. Words are matched case-insensitively as whole parts of the name, never
 * inside other words ("Lowering" is not "lower"): the name is cut at separators, at lower-to-upper case
 * changes ("UpperJaw") and between letters and digits; two neighbouring parts also count as one word
 * ("Scan Body", "upper_jaw").
 *
 * Names seen in exports: 3Shape `..._UpperJaw.stl`, `PreparationScan.stl`, `Raw Antagonist scan.stl`;
 * exocad `...-ScanBody.stl`; Medit `maxilla.ply`, `Mandibular.stl`, `Occlusion_1.stl`; iTero
 * `<order>_shell_occlusion_u.stl` and `..._l.stl` (the jaws, in occlusion: the final `u`/`l` wins over the
 * word "occlusion").
 */

const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'heic', 'heif', 'webp']);
const ARCHIVE_EXTENSIONS = new Set(['zip']);

const WORDS = {
  scan_body: ['scanbody', 'scanbodies'],
  prep: ['prep', 'preps', 'preparation', 'preparations', 'prepared', 'die', 'dies', 'stump'],
  upper: ['upper', 'maxilla', 'maxillary', 'oberkiefer'],
  lower: ['lower', 'mandible', 'mandibular', 'unterkiefer'],
  bite: ['bite', 'bites', 'occlusion', 'buccal', 'interocclusal', 'checkbite'],
  antagonist: ['antagonist', 'antag'],
} as const;
type WordKind = keyof typeof WORDS;

/** A word may carry one of these glued to it: "UpperJaw" read as "upperjaw", "PrepScan" as "prepscan". */
const SUFFIXES = ['', 'jaw', 'scan', 'arch', 'model'];

function partsOf(fileName: string): { parts: string[]; extension: string } {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const parts = stem
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return { parts, extension };
}

function kindsIn(parts: string[]): Set<WordKind> {
  const candidates = [...parts, ...parts.slice(1).map((part, i) => parts[i] + part)];
  const kinds = new Set<WordKind>();
  for (const kind of Object.keys(WORDS) as WordKind[]) {
    const words: readonly string[] = WORDS[kind];
    if (candidates.some((c) => SUFFIXES.some((suffix) => c.endsWith(suffix) && words.includes(c.slice(0, c.length - suffix.length))))) {
      kinds.add(kind);
    }
  }
  // iTero (and others) end the name with a lone u or l for the upper or lower jaw.
  const last = parts[parts.length - 1];
  if (parts.length > 1 && last === 'u') kinds.add('upper');
  if (parts.length > 1 && last === 'l') kinds.add('lower');
  return kinds;
}

function guess(fileName: string): { role: FileRole; antagonist: boolean } {
  const { parts, extension } = partsOf(fileName);
  if (PHOTO_EXTENSIONS.has(extension)) return { role: 'photo', antagonist: false };
  if (ARCHIVE_EXTENSIONS.has(extension)) return { role: 'other', antagonist: false };
  const kinds = kindsIn(parts);
  if (kinds.has('scan_body')) return { role: 'scan_body', antagonist: false };
  if (kinds.has('prep')) return { role: 'prep', antagonist: false };
  const upper = kinds.has('upper');
  const lower = kinds.has('lower');
  if (upper !== lower) return { role: upper ? 'upper_jaw' : 'lower_jaw', antagonist: false };
  if (kinds.has('bite')) return { role: 'bite', antagonist: false };
  return { role: 'other', antagonist: kinds.has('antagonist') && !upper && !lower };
}

/**
 * The role a file's name suggests: a photo by its extension; otherwise, in this order, a scan body, a
 * preparation, one jaw (upper or lower words, or iTero's final `_u`/`_l`), a bite; `other` when the name says
 * none (or names both jaws without a bite, or only "antagonist": see `guessFileRoles`).
 */
export function guessFileRole(fileName: string): FileRole {
  return guess(fileName).role;
}

/**
 * The roles of a case's files together: as `guessFileRole`, and an "antagonist" file is the jaw opposite the
 * one other file guessed as a jaw (3Shape's `Raw Antagonist scan.stl` beside an upper jaw is the lower jaw).
 */
export function guessFileRoles(fileNames: readonly string[]): FileRole[] {
  const guesses = fileNames.map(guess);
  const jaws = new Set(guesses.map((g) => g.role).filter((role) => role === 'upper_jaw' || role === 'lower_jaw'));
  const opposite: FileRole | null = jaws.size === 1 ? (jaws.has('upper_jaw') ? 'lower_jaw' : 'upper_jaw') : null;
  return guesses.map((g) => (g.antagonist && opposite ? opposite : g.role));
}
