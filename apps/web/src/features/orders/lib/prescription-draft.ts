import { ARCH_TEETH, DEFAULT_DESIGN, capabilityMismatches, checkDueBy, isImplantRestoration, isPermanentTooth, needsShade, prescriptionIssueCode, prescriptionSchema, teethBetween, toothArch, type ContactStrength, type Material, type Occlusion, type OutputFormat, type PonticType, type ErrorCode, isErrorCode, type PrescriptionInput, type PrescriptionIssueParams, type Restoration } from '@cusp/shared';
import type { Preset, Service } from '@/lib/domain';

/**
 * The order form's prescription while the buyer edits it (docs/product.md §5.1), and the pure steps on it: adding and
 * removing teeth, marking a bridge, applying a preset, turning it into the API's `prescription`, and checking
 * it with the shared rules (packages/shared/src/dental) plus the service's capabilities and delivery time.
 */

export interface UnitDraft {
  tooth: number;
  restoration: Restoration;
  material: Material;
  /** '' is none. */
  shade: string;
  implant: { system: string; platform: string };
}

/** Number fields are '' while empty (the default then applies, or for the thickness the designer's settings). */
export interface DesignDraft {
  cementGapMicrons: number | '';
  extraCementGapMicrons: number | '';
  distanceToMarginMm: number | '';
  minThicknessMm: number | '';
  contactStrength: ContactStrength;
  occlusion: Occlusion;
  ponticType: PonticType | null;
  outputFormats: OutputFormat[];
}

export interface PrescriptionDraft {
  units: UnitDraft[];
  design: DesignDraft;
  caseRef: string;
  /** YYYY-MM-DD or ''. */
  dueBy: string;
  notes: string;
}

export type Capabilities = Pick<Service, 'restorations' | 'materials' | 'outputFormats'>;

/** What a new tooth gets: the preset's material and shade when the service designs in it. */
export interface UnitDefaults {
  restoration: Restoration;
  material: Material;
  shade: string;
}

const ORDER = new Map<number, number>([...ARCH_TEETH.upper, ...ARCH_TEETH.lower].map((tooth, index) => [tooth, index]));
/** Units as the chart reads them: the upper arch from the patient's right to left, then the lower. */
export const byChartOrder = <T extends { tooth: number }>(units: readonly T[]): T[] =>
  [...units].sort((a, b) => (ORDER.get(a.tooth) ?? 99) - (ORDER.get(b.tooth) ?? 99));

export function emptyDesign(capabilities?: Capabilities): DesignDraft {
  const formats = DEFAULT_DESIGN.outputFormats.filter((f) => !capabilities || capabilities.outputFormats.includes(f));
  return {
    cementGapMicrons: DEFAULT_DESIGN.cementGapMicrons,
    extraCementGapMicrons: DEFAULT_DESIGN.extraCementGapMicrons,
    distanceToMarginMm: DEFAULT_DESIGN.distanceToMarginMm,
    minThicknessMm: '',
    contactStrength: DEFAULT_DESIGN.contactStrength,
    occlusion: DEFAULT_DESIGN.occlusion,
    ponticType: null,
    outputFormats: formats.length > 0 ? [...formats] : capabilities ? capabilities.outputFormats.slice(0, 1) : ['stl'],
  };
}

export function emptyDraft(capabilities?: Capabilities): PrescriptionDraft {
  return { units: [], design: emptyDesign(capabilities), caseRef: '', dueBy: '', notes: '' };
}

/** A crown when the service designs crowns, else the first restoration it designs that is not a pontic. */
export function unitDefaults(capabilities: Capabilities, preset?: Pick<Preset, 'material' | 'shade'> | null): UnitDefaults {
  const restoration = capabilities.restorations.includes('crown')
    ? 'crown'
    : (capabilities.restorations.find((r) => r !== 'pontic') ?? capabilities.restorations[0] ?? 'crown');
  const material = preset?.material && capabilities.materials.includes(preset.material) ? preset.material : (capabilities.materials[0] ?? 'zirconia_monolithic');
  return { restoration, material, shade: preset?.shade ?? '' };
}

const newUnit = (tooth: number, defaults: UnitDefaults, restoration = defaults.restoration): UnitDraft => ({
  tooth,
  restoration,
  material: defaults.material,
  shade: needsShade(defaults.material) ? defaults.shade : '',
  implant: { system: '', platform: '' },
});

/** The chart's click: a tooth not in the prescription joins it with the defaults; one already in it leaves. */
export function toggleTooth(units: readonly UnitDraft[], tooth: number, defaults: UnitDefaults): UnitDraft[] {
  if (units.some((u) => u.tooth === tooth)) return units.filter((u) => u.tooth !== tooth);
  return byChartOrder([...units, newUnit(tooth, defaults)]);
}

/** "14-16", "14–16", "14 to 16", "14 16": two FDI teeth, or null. */
export function parseRange(text: string): [number, number] | null {
  const match = /^\s*(\d{2})\s*(?:-|–|—|to|\s)\s*(\d{2})\s*$/i.exec(text);
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return isPermanentTooth(a) && isPermanentTooth(b) ? [a, b] : null;
}

/**
 * A bridge from `from` to `to` (one arch, at least one tooth between): retainers at both ends, pontics
 * between; a tooth already in the prescription keeps its material and shade. Null when the range cannot be
 * a bridge.
 */
export function markBridge(units: readonly UnitDraft[], from: number, to: number, defaults: UnitDefaults): UnitDraft[] | null {
  if (!isPermanentTooth(from) || !isPermanentTooth(to) || toothArch(from) !== toothArch(to)) return null;
  const between = teethBetween(from, to);
  if (between.length === 0) return null;
  const span = byChartOrder([{ tooth: from }, ...between.map((tooth) => ({ tooth })), { tooth: to }]).map((u) => u.tooth);
  const next = units.filter((u) => !span.includes(u.tooth));
  span.forEach((tooth, index) => {
    const restoration: Restoration = index === 0 || index === span.length - 1 ? 'bridge_retainer' : 'pontic';
    const existing = units.find((u) => u.tooth === tooth);
    next.push(existing ? { ...existing, restoration, implant: { system: '', platform: '' } } : newUnit(tooth, defaults, restoration));
  });
  return byChartOrder(next);
}

/** A preset fills the design (the pontic shape stays the case's) and gives every unit its material and shade. */
export function applyPreset(draft: PrescriptionDraft, preset: Preset, capabilities: Capabilities): PrescriptionDraft {
  const formats = preset.design.outputFormats.filter((f) => capabilities.outputFormats.includes(f));
  const design: DesignDraft = {
    cementGapMicrons: preset.design.cementGapMicrons,
    extraCementGapMicrons: preset.design.extraCementGapMicrons,
    distanceToMarginMm: preset.design.distanceToMarginMm,
    minThicknessMm: preset.design.minThicknessMm ?? '',
    contactStrength: preset.design.contactStrength,
    occlusion: preset.design.occlusion,
    ponticType: draft.design.ponticType,
    outputFormats: formats.length > 0 ? formats : draft.design.outputFormats,
  };
  const material = preset.material && capabilities.materials.includes(preset.material) ? preset.material : null;
  const units = draft.units.map((unit) => {
    const m = material ?? unit.material;
    return { ...unit, material: m, shade: needsShade(m) ? (preset.shade ?? unit.shade) : unit.shade };
  });
  return { ...draft, design, units };
}

/** The draft as the API's `prescription`. The pontic shape is sent only while there is a pontic. */
export function toPrescriptionInput(draft: PrescriptionDraft): PrescriptionInput {
  const hasPontic = draft.units.some((u) => u.restoration === 'pontic');
  const d = draft.design;
  const num = (value: number | '') => (value === '' ? undefined : value);
  return {
    units: draft.units.map((u) => ({
      tooth: u.tooth,
      restoration: u.restoration,
      material: u.material,
      ...(u.shade ? { shade: u.shade } : {}),
      ...(isImplantRestoration(u.restoration) ? { implant: { system: u.implant.system.trim(), platform: u.implant.platform.trim() } } : {}),
    })),
    design: {
      cementGapMicrons: num(d.cementGapMicrons),
      extraCementGapMicrons: num(d.extraCementGapMicrons),
      distanceToMarginMm: num(d.distanceToMarginMm),
      minThicknessMm: num(d.minThicknessMm),
      contactStrength: d.contactStrength,
      occlusion: d.occlusion,
      ...(hasPontic && d.ponticType ? { ponticType: d.ponticType } : {}),
      outputFormats: d.outputFormats,
    },
    caseRef: draft.caseRef.trim(),
    dueBy: draft.dueBy || undefined,
    notes: draft.notes.trim(),
  };
}

/**
 * A problem with the draft at a dotted path (`units.2.shade`), by its code of ERRORS (docs/decisions/0056): a field's,
 * or a rule's with the parameters its sentence names (the tooth). `message` is zod's own words where a schema gave no
 * code (none of the prescription's fields).
 */
export interface DraftIssue {
  path: string;
  code?: ErrorCode;
  params: PrescriptionIssueParams;
  message: string;
}

/** Rules whose message is about something not yet filled in: shown once the buyer tries to continue. */
export const MISSING_CODES: ReadonlySet<string> = new Set(['SHADE_MISSING', 'IMPLANT_SYSTEM_MISSING', 'IMPLANT_PLATFORM_MISSING', 'PONTIC_TYPE_MISSING', 'NO_UNITS']);

/**
 * Everything the server would refuse in this draft, first message per path: the schema's fields and rules,
 * then the service's capabilities and delivery time, and (per unit) that there is at least one tooth.
 */
export function draftIssues(
  draft: PrescriptionDraft,
  service: Capabilities & Pick<Service, 'unitOrArch' | 'deliveryTime'>,
  now = new Date(),
): DraftIssue[] {
  const found: DraftIssue[] = [];
  const parsed = prescriptionSchema.safeParse(toPrescriptionInput(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const params = prescriptionIssueCode(issue) && issue.code === 'custom' ? ((issue.params ?? {}) as PrescriptionIssueParams) : {};
      found.push({ path: issue.path.join('.'), code: isErrorCode(issue.message) ? issue.message : undefined, params, message: issue.message });
    }
  }
  const input = toPrescriptionInput(draft);
  const mismatches = capabilityMismatches({ units: input.units ?? [], design: { outputFormats: draft.design.outputFormats } }, service);
  const due = checkDueBy(draft.dueBy || undefined, now, service.deliveryTime);
  for (const issue of [...mismatches, ...(due ? [due] : [])]) found.push({ path: issue.path, code: issue.code, params: issue.params, message: issue.message });
  if (service.unitOrArch === 'unit' && draft.units.length === 0) {
    found.push({ path: 'units', code: 'NO_UNITS', params: {}, message: 'NO_UNITS' });
  }
  const seen = new Set<string>();
  return found.filter((issue) => (seen.has(issue.path) ? false : (seen.add(issue.path), true)));
}
