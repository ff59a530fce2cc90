import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  FILE_ROLES,
  FILE_ROLE_LABELS,
  MATERIAL_LABELS,
  OUTPUT_FORMAT_LABELS,
  RESTORATION_LABELS,
  type ContactStrength,
  type FileRole,
  type Material,
  type Occlusion,
  type OutputFormat,
  type PonticType,
  type Prescription,
  type Restoration,
} from '@cusp/shared';

/**
 * The prescription as a one-page A4 PDF (issue 16, docs/decisions/0028), in English or Arabic.
 *
 * pdf-lib writes the PDF; text in a custom font is laid out by @pdf-lib/fontkit, whose OpenType layout shapes
 * Arabic with the font's own tables (initial, medial, final forms, the lam-alef ligature) and puts an Arabic
 * run in right-to-left order. What it does not do is mix directions: a line is cut here into runs of Arabic
 * and of everything else (a small bidi pass: spaces and punctuation between two runs of one direction join
 * them, otherwise they follow the line's direction), the runs are placed in the line's order (right to left
 * in Arabic), Arabic runs drawn in Noto Naskh Arabic (shipped by the @embedpdf/fonts-arabic npm package) and
 * the rest in Helvetica. Characters neither font has are written as "?".
 */

export type PdfLanguage = 'en' | 'ar';

export interface PrescriptionPdfInput {
  language: PdfLanguage;
  orderId: string;
  title: string;
  buyer: string;
  designer: string;
  createdAt: Date;
  dueBy: string;
  quantity: number;
  unitOrArch: 'unit' | 'arch';
  prescription: Prescription;
  files: Array<{ name: string; role: FileRole }>;
}

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

const AR_RESTORATIONS: Record<Restoration, string> = {
  crown: 'تاج',
  bridge_retainer: 'دعامة جسر',
  pontic: 'سن وسيطة (بونتك)',
  inlay: 'حشوة داخلية (إنلاي)',
  onlay: 'حشوة خارجية (أونلاي)',
  veneer: 'قشرة (فينير)',
  implant_crown_screw: 'تاج على زرعة، مثبت ببرغي',
  implant_crown_cement: 'تاج على زرعة، مثبت بالإسمنت',
  custom_abutment: 'دعامة زرعة مخصصة',
  coping: 'قلنسوة',
  post_core: 'وتد وقلب',
  denture_tooth: 'سن طقم',
};
const AR_MATERIALS: Record<Material, string> = {
  zirconia_monolithic: 'زركونيا أحادية',
  zirconia_layered: 'زركونيا مطبقة',
  lithium_disilicate: 'ثنائي سيليكات الليثيوم',
  pmma_temporary: 'PMMA (مؤقت)',
  metal_ceramic: 'معدن خزفي (PFM)',
  full_metal: 'معدن كامل',
  composite: 'كومبوزيت',
  titanium: 'تيتانيوم',
  wax_or_print_model: 'شمع أو نموذج مطبوع',
};
const AR_ROLES: Record<FileRole, string> = {
  upper_jaw: 'الفك العلوي',
  lower_jaw: 'الفك السفلي',
  bite: 'العضة',
  prep: 'التحضير',
  scan_body: 'جسم المسح',
  photo: 'صورة',
  other: 'أخرى',
};
const CONTACTS: Record<PdfLanguage, Record<ContactStrength, string>> = {
  en: { open: 'open', light: 'light', medium: 'medium', tight: 'tight' },
  ar: { open: 'مفتوح', light: 'خفيف', medium: 'متوسط', tight: 'محكم' },
};
const OCCLUSION: Record<PdfLanguage, Record<Occlusion, string>> = {
  en: { out_of_occlusion: 'out of occlusion', light_contact: 'light contact', in_occlusion: 'in occlusion' },
  ar: { out_of_occlusion: 'خارج الإطباق', light_contact: 'تماس خفيف', in_occlusion: 'في الإطباق' },
};
const PONTICS: Record<PdfLanguage, Record<PonticType, string>> = {
  en: { ovate: 'ovate', modified_ridge_lap: 'modified ridge lap', sanitary: 'sanitary', conical: 'conical' },
  ar: { ovate: 'بيضوي', modified_ridge_lap: 'ملامس للحافة معدّل', sanitary: 'صحي', conical: 'مخروطي' },
};

const TEXTS = {
  en: {
    heading: 'Dental prescription',
    order: 'Order',
    service: 'Service',
    buyer: 'Buyer',
    designer: 'Designer',
    ordered: 'Ordered on',
    due: 'Due by',
    caseRef: 'Case reference',
    quantity: 'Quantity',
    units: 'Units',
    arches: 'Arches',
    tooth: 'Tooth',
    restoration: 'Restoration',
    material: 'Material',
    shade: 'Shade',
    implant: 'Implant (system, platform)',
    noUnits: 'No teeth: this service is priced per arch.',
    design: 'Design parameters',
    cementGap: 'Cement gap',
    extraCementGap: 'Extra cement gap',
    distanceToMargin: 'Distance to margin',
    minThickness: 'Minimum thickness',
    designerSettings: "the designer's material settings",
    contacts: 'Contacts',
    occlusion: 'Occlusion',
    pontic: 'Pontic shape',
    outputs: 'Files to deliver',
    scans: 'Scans and files',
    noFiles: 'No case files attached.',
    notes: 'Notes',
    noNotes: 'None.',
    um: 'µm',
    mm: 'mm',
    more: (n: number) => `and ${n} more`,
    footer: 'Cusp. Health data: for the parties of this order only.',
    restoration_: (r: Restoration) => RESTORATION_LABELS[r],
    material_: (m: Material) => MATERIAL_LABELS[m].charAt(0).toUpperCase() + MATERIAL_LABELS[m].slice(1),
    role_: (r: FileRole) => FILE_ROLE_LABELS[r],
  },
  ar: {
    heading: 'الوصفة السنية',
    order: 'الطلب',
    service: 'الخدمة',
    buyer: 'المشتري',
    designer: 'المصمم',
    ordered: 'تاريخ الطلب',
    due: 'موعد التسليم',
    caseRef: 'مرجع الحالة',
    quantity: 'الكمية',
    units: 'الوحدات',
    arches: 'الأقواس',
    tooth: 'السن',
    restoration: 'الترميم',
    material: 'المادة',
    shade: 'اللون',
    implant: 'الزرعة (النظام، المنصة)',
    noUnits: 'لا أسنان: هذه الخدمة مسعّرة لكل قوس.',
    design: 'معايير التصميم',
    cementGap: 'فراغ الإسمنت',
    extraCementGap: 'فراغ إسمنت إضافي',
    distanceToMargin: 'المسافة إلى الحافة',
    minThickness: 'أدنى سماكة',
    designerSettings: 'إعدادات المصمم للمادة',
    contacts: 'التماس',
    occlusion: 'الإطباق',
    pontic: 'شكل السن الوسيطة',
    outputs: 'الملفات المطلوبة',
    scans: 'المسوحات والملفات',
    noFiles: 'لا توجد ملفات للحالة.',
    notes: 'ملاحظات',
    noNotes: 'لا يوجد.',
    um: 'ميكرومتر',
    mm: 'مم',
    more: (n: number) => `و${n} أخرى`,
    footer: 'Cusp. بيانات صحية: لطرفي هذا الطلب فقط.',
    restoration_: (r: Restoration) => AR_RESTORATIONS[r],
    material_: (m: Material) => AR_MATERIALS[m],
    role_: (r: FileRole) => AR_ROLES[r],
  },
} as const;

// ---- Text with mixed directions -------------------------------------------------------------------

/** In a right-to-left run a bracket is drawn mirrored: the opening one looks like ")" (Unicode's mirrored pairs). */
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const NEUTRAL = /[\s.,:;!?'"()[\]{}\-–—/\\·•×%+*=<>&#@_|~^`]/;

interface Fonts {
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

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.8, 0.83, 0.87);
const BAND = rgb(0.94, 0.96, 0.98);

class Sheet {
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

export async function prescriptionPdf(input: PrescriptionPdfInput): Promise<Uint8Array> {
  const t = TEXTS[input.language];
  const rtl = input.language === 'ar';
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const ref = input.orderId.slice(0, 8).toUpperCase();
  doc.setTitle(`${t.heading} ${ref}`);
  doc.setLanguage(input.language);
  doc.setProducer('Cusp');
  doc.setCreator('Cusp');
  const { regular, bold } = await loadArabicFonts();
  const arabic = await doc.embedFont(regular, { subset: true });
  const fonts: Fonts = {
    latin: await doc.embedFont(StandardFonts.Helvetica),
    latinBold: await doc.embedFont(StandardFonts.HelveticaBold),
    arabic,
    arabicBold: await doc.embedFont(bold, { subset: true }),
    latinChars: new Set((await doc.embedFont(StandardFonts.Helvetica)).getCharacterSet()),
    arabicChars: new Set(arabic.getCharacterSet()),
  };
  const s = new Sheet(doc.addPage(A4), fonts, rtl);
  const { prescription: p } = input;

  // Title and reference.
  s.text(t.heading, { x: s.left, width: s.width, size: 18, bold: true });
  s.text(`${t.order} ${ref}`, { x: s.left, width: s.width, size: 10, color: MUTED, align: 'end' });
  s.y -= 16;
  s.text(`${input.orderId}`, { x: s.left, width: s.width, size: 7, color: MUTED, align: 'end' });
  s.y -= 10;

  // The order at a glance: two columns of label and value.
  const half = s.width / 2;
  const facts: Array<[string, string]> = [
    [t.service, input.title],
    [t.due, input.dueBy],
    [t.buyer, input.buyer],
    [t.ordered, input.createdAt.toISOString().slice(0, 10)],
    [t.designer, input.designer],
    [t.caseRef, p.caseRef || '-'],
    [t.quantity, `${input.quantity} ${input.unitOrArch === 'unit' ? t.units : t.arches}`],
  ];
  s.page.drawRectangle({ x: s.left, y: s.y - Math.ceil(facts.length / 2) * 14 - 2, width: s.width, height: Math.ceil(facts.length / 2) * 14 + 12, color: BAND });
  facts.forEach(([label, value], i) => {
    const col = i % 2;
    s.pair(label, value, col * half + 6, half - 12, 84, i === 0);
    if (col === 1 || i === facts.length - 1) s.y -= 14;
  });
  s.y -= 6;

  // Units.
  s.heading(t.units);
  const columns: Array<{ label: string; width: number }> = [
    { label: t.tooth, width: 40 },
    { label: t.restoration, width: 150 },
    { label: t.material, width: 130 },
    { label: t.shade, width: 45 },
    { label: t.implant, width: s.width - 40 - 150 - 130 - 45 },
  ];
  const offsets = columns.map((_, i) => columns.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  const row = (cells: string[], options: { bold?: boolean; color?: ReturnType<typeof rgb>; size?: number } = {}) => {
    cells.forEach((cell, i) => s.text(cell, { x: s.column(offsets[i]!, columns[i]!.width - 6), width: columns[i]!.width - 6, size: options.size ?? 9, bold: options.bold, color: options.color }));
    s.y -= 13;
  };
  if (p.units.length === 0) {
    s.text(t.noUnits, { x: s.left, width: s.width, color: MUTED });
    s.y -= 13;
  } else {
    row(columns.map((c) => c.label), { bold: true, color: MUTED, size: 8 });
    p.units.forEach((unit, i) => {
      if (i % 2 === 0) s.page.drawRectangle({ x: s.left, y: s.y - 3, width: s.width, height: 12, color: BAND });
      row([
        String(unit.tooth),
        t.restoration_(unit.restoration),
        t.material_(unit.material),
        unit.shade ?? '-',
        unit.implant ? [unit.implant.system, unit.implant.platform].filter(Boolean).join(', ') : '-',
      ]);
    });
  }

  // Design parameters, two columns.
  s.heading(t.design);
  const d = p.design;
  const params: Array<[string, string]> = [
    [t.cementGap, `${d.cementGapMicrons} ${t.um}`],
    [t.extraCementGap, `${d.extraCementGapMicrons} ${t.um}`],
    [t.distanceToMargin, `${d.distanceToMarginMm} ${t.mm}`],
    [t.minThickness, d.minThicknessMm === undefined ? t.designerSettings : `${d.minThicknessMm} ${t.mm}`],
    [t.contacts, CONTACTS[input.language][d.contactStrength]],
    [t.occlusion, OCCLUSION[input.language][d.occlusion]],
    ...(d.ponticType ? ([[t.pontic, PONTICS[input.language][d.ponticType]]] as Array<[string, string]>) : []),
    [t.outputs, d.outputFormats.map((f: OutputFormat) => OUTPUT_FORMAT_LABELS[f]).join(', ')],
  ];
  params.forEach(([label, value], i) => {
    const col = i % 2;
    s.pair(label, value, col * half, half - 8, 110);
    if (col === 1 || i === params.length - 1) s.y -= 13;
  });

  // Scans by role.
  s.heading(t.scans);
  if (input.files.length === 0) {
    s.text(t.noFiles, { x: s.left, width: s.width, color: MUTED });
    s.y -= 13;
  }
  for (const role of FILE_ROLES) {
    const names = input.files.filter((f) => f.role === role).map((f) => f.name);
    if (names.length === 0) continue;
    const shown = names.slice(0, 4).join(', ') + (names.length > 4 ? `, ${t.more(names.length - 4)}` : '');
    s.pair(t.role_(role), shown, 0, s.width, 100);
    s.y -= 13;
  }

  // Notes: what room is left, never a second page.
  s.heading(t.notes);
  const footerY = MARGIN - 14;
  const room = Math.max(1, Math.floor((s.y - footerY - 12) / 12));
  const notes = p.notes ? s.wrap(p.notes, 9, s.width, room) : [t.noNotes];
  for (const line of notes) {
    s.text(line, { x: s.left, width: s.width, size: 9, color: p.notes ? INK : MUTED });
    s.y -= 12;
  }

  s.text(t.footer, { x: s.left, width: s.width, y: footerY, size: 7, color: MUTED });
  return doc.save();
}
