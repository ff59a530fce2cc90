import type { UNIT_OR_ARCH } from '../schemas/services.js';
import { isImplantCrown, isImplantRestoration, isShade, needsShade, type Material, type PonticType, type Restoration } from './catalogue.js';
import { prescriptionIssue, type PrescriptionIssue } from './messages.js';
import { ARCH_TEETH, ARCHES, isPermanentTooth, neighbours, teethBetween, toothArch, type Arch } from './teeth.js';

/**
 * The prescription's rules (docs/decisions/0025) as plain functions: `prescriptionSchema` reports them through zod, and
 * the web app can run them on a draft as the buyer edits it. Zod-free.
 */

/** What the rules read of a unit: the shape `prescriptionSchema` answers, or a draft of it. */
export interface RuleUnit {
  tooth: number;
  restoration: Restoration;
  material: Material;
  shade?: string | undefined;
  implant?: { system: string; platform: string } | undefined;
}

export interface RuleInput {
  units: readonly RuleUnit[];
  design: { ponticType?: PonticType | undefined };
}

/** Teeth joined in a bridge (valid or not), in arch order; `indexes` are the units' places in `units`. */
export interface BridgeGroup {
  arch: Arch;
  teeth: number[];
  indexes: number[];
}

/** The first unit of each valid tooth, by tooth (a repeated tooth is the DUPLICATE_TOOTH rule's business). */
function unitIndexByTooth(units: readonly Pick<RuleUnit, 'tooth'>[]): Map<number, number> {
  const byTooth = new Map<number, number>();
  units.forEach((unit, index) => {
    if (isPermanentTooth(unit.tooth) && !byTooth.has(unit.tooth)) byTooth.set(unit.tooth, index);
  });
  return byTooth;
}

/**
 * The bridges of a prescription: each maximal run of neighbouring teeth (along the arch, across the midline)
 * whose restorations are bridge retainers or pontics, with the implant crowns standing next to a pontic (an
 * implant crown is a bridge's retainer only when it carries a pontic; otherwise it is a single crown). A lone
 * retainer or pontic is a group of one. Upper arch first, each group in arch order (the chart's left to right).
 */
export function bridgesOf(units: readonly Pick<RuleUnit, 'tooth' | 'restoration'>[]): BridgeGroup[] {
  const byTooth = unitIndexByTooth(units);
  const restorationAt = (tooth: number) => {
    const index = byTooth.get(tooth);
    return index === undefined ? undefined : units[index]?.restoration;
  };
  const inBridge = (tooth: number) => {
    const restoration = restorationAt(tooth);
    if (restoration === 'bridge_retainer' || restoration === 'pontic') return true;
    return restoration !== undefined && isImplantCrown(restoration) && neighbours(tooth).some((t) => restorationAt(t) === 'pontic');
  };
  const groups: BridgeGroup[] = [];
  for (const arch of ARCHES) {
    let current: BridgeGroup | null = null;
    for (const tooth of ARCH_TEETH[arch]) {
      if (!inBridge(tooth)) {
        current = null;
        continue;
      }
      if (!current) {
        current = { arch, teeth: [], indexes: [] };
        groups.push(current);
      }
      current.teeth.push(tooth);
      current.indexes.push(byTooth.get(tooth)!);
    }
  }
  return groups;
}

/** Every broken rule of a prescription, each at its path. An empty `units` list breaks none. */
export function prescriptionRuleIssues(prescription: RuleInput): PrescriptionIssue[] {
  const { units } = prescription;
  const issues: PrescriptionIssue[] = [];
  const at = (index: number, field: string) => `units.${index}.${field}`;

  const seen = new Set<number>();
  units.forEach((unit, index) => {
    if (seen.has(unit.tooth)) issues.push(prescriptionIssue('DUPLICATE_TOOTH', at(index, 'tooth'), { tooth: unit.tooth }));
    seen.add(unit.tooth);
  });

  units.forEach((unit, index) => {
    const { tooth } = unit;
    if (isImplantRestoration(unit.restoration)) {
      if (!unit.implant?.system) issues.push(prescriptionIssue('IMPLANT_SYSTEM_MISSING', at(index, 'implant.system'), { tooth }));
      if (!unit.implant?.platform) issues.push(prescriptionIssue('IMPLANT_PLATFORM_MISSING', at(index, 'implant.platform'), { tooth }));
    } else if (unit.implant) {
      issues.push(prescriptionIssue('IMPLANT_FIELDS_NOT_ALLOWED', at(index, 'implant'), { tooth }));
    }
    if (unit.shade) {
      if (!isShade(unit.shade)) issues.push(prescriptionIssue('SHADE_UNKNOWN', at(index, 'shade'), { tooth, shade: unit.shade }));
    } else if (needsShade(unit.material)) {
      issues.push(prescriptionIssue('SHADE_MISSING', at(index, 'shade'), { tooth }));
    }
  });

  issues.push(...bridgeIssues(units));

  const firstPontic = units.find((unit) => unit.restoration === 'pontic');
  if (firstPontic && !prescription.design.ponticType) {
    issues.push(prescriptionIssue('PONTIC_TYPE_MISSING', 'design.ponticType', { tooth: firstPontic.tooth }));
  } else if (!firstPontic && prescription.design.ponticType) {
    issues.push(prescriptionIssue('PONTIC_TYPE_NOT_ALLOWED', 'design.ponticType'));
  }
  return issues;
}

function bridgeIssues(units: readonly RuleUnit[]): PrescriptionIssue[] {
  const issues: PrescriptionIssue[] = [];
  const present = new Set(units.map((unit) => unit.tooth));
  const groups = bridgesOf(units).map((group) => {
    const restorations = group.indexes.map((index) => units[index]!.restoration);
    const hasPontic = restorations.includes('pontic');
    return {
      ...group,
      restorations,
      hasPontic,
      hasRetainer: restorations.some((r) => r !== 'pontic'),
      // An end that does not close a bridge: a pontic, or any end of a group without a pontic.
      openStart: restorations[0] === 'pontic' || !hasPontic,
      openEnd: restorations[restorations.length - 1] === 'pontic' || !hasPontic,
      gapBefore: false,
      gapAfter: false,
    };
  });

  // Two groups of one arch, both unfinished on the sides that face each other, with only absent teeth between
  // them, are one bridge with a gap: say so once (at the pontic's side), rather than "ends with a pontic" on
  // one side and "no pontic" on the other.
  groups.forEach((group, k) => {
    const next = groups[k + 1];
    if (!next || next.arch !== group.arch || !group.openEnd || !next.openStart) return;
    const lastK = group.teeth.length - 1;
    const last = group.teeth[lastK]!;
    const first = next.teeth[0]!;
    const between = teethBetween(last, first);
    if (between.length === 0 || between.some((tooth) => present.has(tooth))) return;
    group.gapAfter = true;
    next.gapBefore = true;
    const onNext = group.restorations[lastK] !== 'pontic' && next.restorations[0] === 'pontic';
    const [index, tooth, other] = onNext ? [next.indexes[0]!, first, last] : [group.indexes[lastK]!, last, first];
    issues.push(prescriptionIssue('BRIDGE_NOT_CONTIGUOUS', `units.${index}.tooth`, { tooth, next: other }));
  });

  for (const group of groups) {
    const path = (k: number) => `units.${group.indexes[k]}.restoration`;
    const lastK = group.teeth.length - 1;
    if (!group.hasRetainer && !group.gapBefore && !group.gapAfter) {
      group.teeth.forEach((tooth, k) => issues.push(prescriptionIssue('PONTIC_OUTSIDE_BRIDGE', path(k), { tooth })));
    } else if (!group.hasPontic) {
      if (!group.gapBefore && !group.gapAfter) issues.push(prescriptionIssue('BRIDGE_WITHOUT_PONTIC', path(0), { tooth: group.teeth[0]! }));
    } else {
      if (group.restorations[0] === 'pontic' && !group.gapBefore) {
        issues.push(prescriptionIssue('BRIDGE_ENDS_WITH_PONTIC', path(0), { tooth: group.teeth[0]! }));
      }
      if (lastK > 0 && group.restorations[lastK] === 'pontic' && !group.gapAfter) {
        issues.push(prescriptionIssue('BRIDGE_ENDS_WITH_PONTIC', path(lastK), { tooth: group.teeth[lastK]! }));
      }
    }
  }
  return issues;
}

/** How a service prices (`unitOrArch` of a service): per unit (tooth) or per arch. */
export type PricingUnit = (typeof UNIT_OR_ARCH)[number];

/**
 * The order quantity a prescription makes: per unit, the number of units (a pontic is a unit to design);
 * per arch, the number of arches the units touch, at least one (a per-arch service such as a night guard may
 * have no units at all). Per unit with no units is 0: there is nothing to price.
 */
export function prescriptionQuantity(units: readonly Pick<RuleUnit, 'tooth'>[], unitOrArch: PricingUnit): number {
  if (unitOrArch === 'unit') return units.length;
  const arches = new Set(units.filter((unit) => isPermanentTooth(unit.tooth)).map((unit) => toothArch(unit.tooth)));
  return Math.max(1, arches.size);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first date (ISO, `YYYY-MM-DD`, UTC) a service delivering in `deliveryDays` days can promise from `now`. */
export function earliestDueDate(now: Date, deliveryDays: number): string {
  return new Date(now.getTime() + deliveryDays * DAY_MS).toISOString().slice(0, 10);
}

/** DUE_DATE_TOO_EARLY at `dueBy` when the buyer's date is before the service's delivery time; null when it is fine or absent. */
export function checkDueBy(dueBy: string | null | undefined, now: Date, deliveryDays: number): PrescriptionIssue | null {
  if (!dueBy) return null;
  const earliest = earliestDueDate(now, deliveryDays);
  return dueBy < earliest ? prescriptionIssue('DUE_DATE_TOO_EARLY', 'dueBy', { earliest }) : null;
}
