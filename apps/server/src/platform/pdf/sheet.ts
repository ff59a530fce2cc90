import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import bidiFactory from 'bidi-js';

/**
 * One-page documents in English or Arabic (the prescription, receipts, credit notes, statements; docs/decisions/0028,
 * 0042), on pdf-lib.
 *
 * Text in a custom font is laid out by @pdf-lib/fontkit, whose OpenType layout shapes Arabic with the font's own
 * tables (initial, medial, final forms, the lam-alef ligature) and puts an Arabic run in right-to-left order. What it
 * does not do is mix directions: each line is put in display order by the Unicode bidi algorithm (`visualChunks`,
 * docs/decisions/0059), Arabic drawn in Noto Naskh Arabic (shipped by the @embedpdf/fonts-arabic npm package) and the
 * rest in Helvetica. Characters neither font has are written as "?".
 */

export type PdfLanguage = 'en' | 'ar';

const require = createRequire(import.meta.url);
let arabicFonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function loadArabicFonts() {
  arabicFonts ??= (async () => {
    const dir = require.resolve('@embedpdf/fonts-arabic').replace(/dist[\\/]index\.c?js$/, 'fonts/');
    const [regular, bold] = await Promise.all([readFile(`${dir}NotoNaskhArabic-Regular.ttf`), readFile(`${dir}NotoNaskhArabic-Bold.ttf`)]);
    return { regular, bold };
  })();
  return arabicFonts;
}

// ---- Text with mixed directions -------------------------------------------------------------------

const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** The directional isolates and marks: they steer the bidi algorithm and are never drawn. */
const INVISIBLE = /[\u200E\u200F\u061C\u2066-\u2069]/;

export interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  arabic: PDFFont;
  arabicBold: PDFFont;
  latinChars: Set<number>;
  arabicChars: Set<number>;
}

interface Chunk {
  text: string;
  font: PDFFont;
}

/** A run of Latin text (letters, digits, the punctuation between them, a sign or currency symbol before, a bracket pair around them). */
const LATIN_RUN = /(?:[([][-+]?|[-+])?[$€£¥₹]?[A-Za-z0-9][^\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u2066-\u2069]*/g;
const LATIN_END = /[^A-Za-z0-9%)\]]+$/;

/**
 * Each Latin run of a right-to-left line wrapped in a left-to-right isolate (U+2066 ... U+2069), so it reads as one
 * left-to-right piece: without it the bidi algorithm makes "3" after Arabic an Arabic number and "(3-D Secure)"
 * shows as "(D Secure-3". Trailing spaces and punctuation stay outside (they follow the sentence), and a bracket
 * goes inside only with its partner.
 */
export function isolateLatinRuns(line: string): string {
  return line.replace(LATIN_RUN, (match) => {
    let run = match.replace(LATIN_END, '');
    if (run.startsWith('(') && !run.includes(')')) run = run.slice(1);
    if (run.startsWith('[') && !run.includes(']')) run = run.slice(1);
    if (run.endsWith(')') && !run.includes('(')) run = run.slice(0, -1);
    if (run.endsWith(']') && !run.includes('[')) run = run.slice(0, -1);
    const at = match.indexOf(run);
    return `${match.slice(0, at)}\u2066${run}\u2069${match.slice(at + run.length)}`;
  });
}

/**
 * A line's pieces in the order they are drawn, left to right, each in the font that has its characters. The order is
 * the Unicode bidi algorithm's (bidi-js: levels, reordering, mirrored brackets), with the line's direction as the
 * paragraph's, so "(3-D Secure)" or "2026-11 (USD)" in an Arabic line stay whole and isolates (U+2066-2069) written
 * around a Latin value are honoured. Arabic letters go to Noto Naskh Arabic and everything else to Helvetica; an
 * Arabic piece is handed to fontkit in reading order, as its layout shapes and reverses it itself.
 */
export function visualChunks(text: string, rtl: boolean, fonts: Fonts, bold: boolean): Chunk[] {
  if (text.length === 0) return [];
  const line = rtl ? isolateLatinRuns(text) : text;
  const embedding = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const order = bidi.getReorderedIndices(line, embedding);
  const arabic = bold ? fonts.arabicBold : fonts.arabic;
  const latin = bold ? fonts.latinBold : fonts.latin;
  const chunks: Chunk[] = [];
  for (const i of order) {
    const c = mirrored.get(i) ?? line[i]!;
    if (INVISIBLE.test(c)) continue;
    const code = c.charCodeAt(0);
    const last = chunks[chunks.length - 1];
    // A space between Arabic words stays in their piece: one piece per phrase, as text extraction reads it.
    const arabicSpace = c === ' ' && (embedding.levels[i]! & 1) === 1 && last?.font === arabic;
    const useArabic = (ARABIC.test(c) || arabicSpace) && fonts.arabicChars.has(code);
    const font = useArabic ? arabic : latin;
    const safe = useArabic || fonts.latinChars.has(code) ? c : '?';
    // Arabic is collected in reverse (drawn order is the reverse of reading order in a right-to-left run).
    if (last && last.font === font) last.text = useArabic ? safe + last.text : last.text + safe;
    else chunks.push({ text: safe, font });
  }
  return chunks;
}

const widthOf = (chunks: Chunk[], size: number) => chunks.reduce((sum, chunk) => sum + chunk.font.widthOfTextAtSize(chunk.text, size), 0);

// ---- Layout ---------------------------------------------------------------------------------------

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 42;
export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.38, 0.42, 0.48);
export const RULE = rgb(0.8, 0.83, 0.87);
export const BAND = rgb(0.94, 0.96, 0.98);

export class Sheet {
  y: number;
  readonly left = MARGIN;
  readonly right: number;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
    readonly rtl: boolean,
  ) {
    this.y = page.getHeight() - MARGIN;
    this.right = page.getWidth() - MARGIN;
  }

  get width() {
    return this.right - this.left;
  }

  /** Text in a box [x, x + width] of the page, aligned to the line's start (left, or right in Arabic); cut with "..." when too long. */
  text(value: string, options: { x: number; width: number; y?: number; size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; align?: 'start' | 'end' }) {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    const measure = (line: string) => widthOf(visualChunks(line, this.rtl, this.fonts, bold), size);
    let line = value;
    if (measure(line) > options.width) {
      while (line && measure(`${line}...`) > options.width) line = [...line].slice(0, -1).join('');
      line = `${line.trimEnd()}...`;
    }
    const chunks = visualChunks(line, this.rtl, this.fonts, bold);
    const total = widthOf(chunks, size);
    const alignRight = (options.align ?? 'start') === 'start' ? this.rtl : !this.rtl;
    let x = alignRight ? options.x + options.width - total : options.x;
    for (const chunk of chunks) {
      this.page.drawText(chunk.text, { x, y: options.y ?? this.y, size, font: chunk.font, color: options.color ?? INK });
      x += chunk.font.widthOfTextAtSize(chunk.text, size);
    }
  }

  /** A label and its value side by side in a box `offset` from the line's start. */
  pair(label: string, value: string, offset: number, width: number, labelWidth: number, bold = false) {
    this.text(label, { x: this.column(offset, labelWidth), width: labelWidth, size: 8, color: MUTED });
    this.text(value, { x: this.column(offset + labelWidth + 4, width - labelWidth - 4), width: width - labelWidth - 4, size: 9, bold });
  }

  /** The x of a column that starts `offset` from the line's start and is `width` wide. */
  column(offset: number, width: number) {
    return this.rtl ? this.right - offset - width : this.left + offset;
  }

  heading(value: string) {
    this.y -= 8;
    this.text(value, { x: this.left, width: this.width, size: 11, bold: true });
    this.y -= 4;
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 12;
  }

  /** Words wrapped to `width`, at most `maxLines` lines (the last cut with an ellipsis). */
  wrap(value: string, size: number, width: number, maxLines: number): string[] {
    const lines: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (widthOf(visualChunks(candidate, this.rtl, this.fonts, false), size) <= width || !current) current = candidate;
        else {
          lines.push(current);
          current = word;
        }
      }
      lines.push(current);
    }
    if (lines.length > maxLines) {
      const kept = lines.slice(0, maxLines);
      kept[maxLines - 1] = `${kept[maxLines - 1]} ...`;
      return kept;
    }
    return lines;
  }
}

/** A new A4 document with its fonts embedded and its first page, laid out for the language. */
export async function newSheet(language: PdfLanguage, title: string): Promise<{ doc: PDFDocument; sheet: Sheet }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  doc.setLanguage(language);
  doc.setProducer('Cusp');
  doc.setCreator('Cusp');
  const { regular, bold } = await loadArabicFonts();
  const arabic = await doc.embedFont(regular, { subset: true });
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  const fonts: Fonts = {
    latin,
    latinBold: await doc.embedFont(StandardFonts.HelveticaBold),
    arabic,
    arabicBold: await doc.embedFont(bold, { subset: true }),
    latinChars: new Set(latin.getCharacterSet()),
    arabicChars: new Set(arabic.getCharacterSet()),
  };
  return { doc, sheet: new Sheet(doc.addPage(A4), fonts, language === 'ar') };
}
