import type { rgb } from 'pdf-lib';
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
import { BAND, INK, MARGIN, MUTED, newSheet, type PdfLanguage } from '../../platform/pdf/sheet.js';

/**
 * The prescription as a one-page A4 PDF (docs/decisions/0028), in English or Arabic.
 * The text layout (Arabic shaped, mixed directions) is platform/pdf/sheet.ts's.
 */

export type { PdfLanguage };

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

export async function prescriptionPdf(input: PrescriptionPdfInput): Promise<Uint8Array> {
  const t = TEXTS[input.language];
  const ref = input.orderId.slice(0, 8).toUpperCase();
  const { doc, sheet: s } = await newSheet(input.language, `${t.heading} ${ref}`);
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
