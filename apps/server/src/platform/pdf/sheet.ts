import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * One-page documents in English or Arabic (the prescription, receipts, credit notes, statements; docs/decisions/0028,
 * 0042), on pdf-lib.
 *
 * Text in a custom font is laid out by @pdf-lib/fontkit, whose OpenType layout shapes Arabic with the font's own
 * tables (initial, medial, final forms, the lam-alef ligature) and puts an Arabic run in right-to-left order. What it
 * does not do is mix directions: a line is cut here into runs of Arabic and of everything else (a small bidi pass:
 * spaces and punctuation between two runs of one direction join them, otherwise they follow the line's direction),
 * the runs are placed in the line's order (right to left in Arabic), Arabic runs drawn in Noto Naskh Arabic (shipped
 * by the @embedpdf/fonts-arabic npm package) and the rest in Helvetica. Characters neither font has are written as "?".
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

/** In a right-to-left run a bracket is drawn mirrored: the opening one looks like ")" (Unicode's mirrored pairs). */
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const NEUTRAL = /[\s.,:;!?'"()[\]{}\-–—/\\·•×%+*=<>&#@_|~^`]/;

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

/** A line's pieces in the order they are drawn, left to right, each in the font that has its characters. */
function visualChunks(line: string, rtl: boolean, fonts: Fonts, bold: boolean): Chunk[] {
  const chars = [...line];
  if (chars.length === 0) return [];
  const kinds = chars.map((c) => (ARABIC.test(c) ? 'R' : NEUTRAL.test(c) ? 'N' : 'L'));
  // Neutrals between two runs of one direction take it; otherwise the line's.
  const resolved = kinds.map((kind, i) => {
    if (kind !== 'N') return kind;
    const before = kinds.slice(0, i).reverse().find((k) => k !== 'N');
    const after = kinds.slice(i + 1).find((k) => k !== 'N');
    if (before && before === after) return before;
    return rtl ? 'R' : 'L';
  });
  const runs: Array<{ dir: string; text: string }> = [];
  chars.forEach((c, i) => {
    const last = runs[runs.length - 1];
    if (last && last.dir === resolved[i]) last.text += c;
    else runs.push({ dir: resolved[i]!, text: c });
  });
  if (rtl) runs.reverse();
  const arabic = bold ? fonts.arabicBold : fonts.arabic;
  const latin = bold ? fonts.latinBold : fonts.latin;
  const chunks: Chunk[] = [];
  for (const run of runs) {
    // Within a run, pieces by font (Noto Naskh Arabic has no Latin letters, Helvetica no Arabic).
    const pieces: Chunk[] = [];
    for (const c of run.text) {
      const code = c.codePointAt(0)!;
      const useArabic = run.dir === 'R' ? fonts.arabicChars.has(code) : ARABIC.test(c) && fonts.arabicChars.has(code);
      const font = useArabic ? arabic : latin;
      const drawn = run.dir === 'R' && !useArabic ? (MIRRORED[c] ?? c) : c;
      const safe = useArabic || fonts.latinChars.has(drawn.codePointAt(0)!) ? drawn : '?';
      const last = pieces[pieces.length - 1];
      if (last && last.font === font) last.text += safe;
      else pieces.push({ text: safe, font });
    }
    // An Arabic run is laid out right to left by fontkit; its pieces go right to left too.
    if (run.dir === 'R') {
      pieces.reverse();
      for (const piece of pieces) if (piece.font === latin) piece.text = [...piece.text].reverse().join('');
    }
    chunks.push(...pieces);
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
