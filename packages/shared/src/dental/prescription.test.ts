import { describe, expect, it } from 'vitest';
import { capabilityMismatches, serviceCapabilitiesSchema } from './capabilities.js';
import { DEFAULT_DESIGN, SHADE_CODES, SHADES, type Material, type Restoration } from './catalogue.js';
import { PRESCRIPTION_MESSAGES, prescriptionMessage } from './messages.js';
import { prescriptionIssueCode, prescriptionSchema, type PrescriptionInput } from './prescription.js';
import { bridgesOf, checkDueBy, earliestDueDate, prescriptionQuantity, prescriptionRuleIssues } from './rules.js';
import { areNeighbours, neighbours, toothArch } from './teeth.js';
import { sentenceOf } from '../error-codes.js';

type UnitInput = NonNullable<PrescriptionInput['units']>[number];
const unit = (tooth: number, restoration: Restoration = 'crown', extra: Partial<UnitInput> = {}): UnitInput => ({
  tooth,
  restoration,
  material: 'zirconia_monolithic' as Material,
  shade: 'A2',
  ...extra,
});
const implant = { system: 'Straumann BLX', platform: 'RB' };

/** The issues of a prescription as `path → code`, the way the API's fieldErrors will key them. */
function errorsOf(input: PrescriptionInput): Record<string, string | undefined> {
  const result = prescriptionSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), prescriptionIssueCode(issue) ?? issue.message]));
}
/** The issues' English, as the server writes it into fieldErrors: the rules' sentences name the tooth. */
const messagesOf = (input: PrescriptionInput) => prescriptionSchema.safeParse(input).error?.issues.map((issue) => sentenceOf(issue.message, issue.code === 'custom' ? issue.params : undefined)) ?? [];

describe('FDI teeth', () => {
  it('puts quadrants 1-2 in the upper arch and 3-4 in the lower', () => {
    expect([11, 18, 21, 28].map(toothArch)).toEqual(['upper', 'upper', 'upper', 'upper']);
    expect([31, 38, 41, 48].map(toothArch)).toEqual(['lower', 'lower', 'lower', 'lower']);
    expect(() => toothArch(19)).toThrow(RangeError);
  });

  it('knows the neighbours as the teeth stand, across the midline but not around the back', () => {
    expect(neighbours(11).sort()).toEqual([12, 21]);
    expect(neighbours(41).sort()).toEqual([31, 42]);
    expect(neighbours(18)).toEqual([17]);
    expect(neighbours(38)).toEqual([37]);
    expect(areNeighbours(18, 28)).toBe(false);
    expect(areNeighbours(18, 21)).toBe(false);
    expect(areNeighbours(28, 31)).toBe(false);
    expect(areNeighbours(28, 38)).toBe(false);
    expect(neighbours(50)).toEqual([]);
  });
});

describe('prescriptionSchema', () => {
  it('takes an empty prescription (a service that is not per tooth) and fills in the design defaults', () => {
    const parsed = prescriptionSchema.parse({});
    expect(parsed).toEqual({ units: [], design: { ...DEFAULT_DESIGN, outputFormats: ['stl'] }, caseRef: '', notes: '' });
    expect(parsed.dueBy).toBeUndefined();
  });

  it('takes a full prescription: single crowns, an implant crown, design parameters', () => {
    const parsed = prescriptionSchema.parse({
      units: [unit(11, 'veneer', { material: 'lithium_disilicate', shade: 'bl1' }), unit(36, 'implant_crown_screw', { implant }), unit(46, 'custom_abutment', { material: 'titanium', shade: '', implant })],
      design: { cementGapMicrons: 30, minThicknessMm: 0.8, contactStrength: 'light', outputFormats: ['stl', 'exocad_project', 'stl'] },
      caseRef: '  LAB-2026-0042 ',
      dueBy: '2026-12-01',
      notes: 'Incisal shade A1.\nStump shade ND3.',
    });
    expect(parsed.units.map((u) => u.shade)).toEqual(['BL1', 'A2', undefined]);
    expect(parsed.design).toMatchObject({ cementGapMicrons: 30, extraCementGapMicrons: 20, minThicknessMm: 0.8, outputFormats: ['stl', 'exocad_project'] });
    expect(parsed.caseRef).toBe('LAB-2026-0042');
    expect(parsed.dueBy).toBe('2026-12-01');
  });

  it('refuses teeth that are not FDI permanent teeth, and out-of-range design values', () => {
    for (const tooth of [10, 19, 51, 9, 49, 11.5]) expect(errorsOf({ units: [unit(tooth)] })['units.0.tooth']).toBeDefined();
    expect(Object.keys(errorsOf({ design: { cementGapMicrons: 201, distanceToMarginMm: -0.1, minThicknessMm: 0.1 } })).sort()).toEqual([
      'design.cementGapMicrons',
      'design.distanceToMarginMm',
      'design.minThicknessMm',
    ]);
    expect(errorsOf({ caseRef: 'x'.repeat(41) })['caseRef']).toBeDefined();
    expect(errorsOf({ caseRef: 'LAB\u0000-1' })['caseRef']).toBeDefined();
    expect(errorsOf({ dueBy: '2026-02-30' })['dueBy']).toBeDefined();
    expect(errorsOf({ notes: 'n'.repeat(5001) })['notes']).toBeDefined();
  });

  describe('bridges', () => {
    it('takes a bridge 34-36 and a bridge across the midline (11-21-22)', () => {
      const units = [unit(34, 'bridge_retainer'), unit(35, 'pontic'), unit(36, 'bridge_retainer'), unit(11, 'bridge_retainer'), unit(21, 'pontic'), unit(22, 'bridge_retainer')];
      expect(errorsOf({ units, design: { ponticType: 'ovate' } })).toEqual({});
      expect(bridgesOf(units)).toEqual([
        { arch: 'upper', teeth: [11, 21, 22], indexes: [3, 4, 5] },
        { arch: 'lower', teeth: [34, 35, 36], indexes: [0, 1, 2] },
      ]);
    });

    it('takes implant crowns as a bridge’s retainers, and a double abutment', () => {
      const onImplants = [unit(35, 'implant_crown_screw', { implant }), unit(36, 'pontic'), unit(37, 'implant_crown_cement', { implant })];
      expect(errorsOf({ units: onImplants, design: { ponticType: 'sanitary' } })).toEqual({});
      const double = [unit(13, 'bridge_retainer'), unit(14, 'bridge_retainer'), unit(15, 'pontic'), unit(16, 'bridge_retainer')];
      expect(errorsOf({ units: double, design: { ponticType: 'modified_ridge_lap' } })).toEqual({});
    });

    it('keeps a single implant crown beside a bridge out of it', () => {
      const units = [unit(34, 'implant_crown_screw', { implant }), unit(35, 'bridge_retainer'), unit(36, 'pontic'), unit(37, 'bridge_retainer')];
      expect(bridgesOf(units).map((b) => b.teeth)).toEqual([[35, 36, 37]]);
      expect(errorsOf({ units, design: { ponticType: 'ovate' } })).toEqual({});
    });

    it('refuses a bridge with a gap (14-15 … 17), once, at the tooth before the gap', () => {
      const units = [unit(14, 'bridge_retainer'), unit(15, 'pontic'), unit(17, 'bridge_retainer')];
      expect(errorsOf({ units, design: { ponticType: 'ovate' } })).toEqual({ 'units.1.tooth': 'BRIDGE_NOT_CONTIGUOUS' });
      expect(messagesOf({ units, design: { ponticType: 'ovate' } })).toEqual([
        'Tooth 15: the bridge is not contiguous; add the missing teeth between 15 and 17, or make two bridges.',
      ]);
    });

    it('refuses a bridge ending with a pontic (a cantilever)', () => {
      const units = [unit(34, 'bridge_retainer'), unit(35, 'pontic'), unit(36, 'pontic')];
      expect(errorsOf({ units, design: { ponticType: 'ovate' } })).toEqual({ 'units.2.restoration': 'BRIDGE_ENDS_WITH_PONTIC' });
      expect(messagesOf({ units, design: { ponticType: 'ovate' } })).toEqual(['Tooth 36: a bridge must start and end with a retainer.']);
      const startsWithPontic = [unit(15, 'pontic'), unit(16, 'bridge_retainer'), unit(17, 'pontic'), unit(18, 'bridge_retainer')];
      expect(errorsOf({ units: startsWithPontic, design: { ponticType: 'ovate' } })).toEqual({ 'units.0.restoration': 'BRIDGE_ENDS_WITH_PONTIC' });
    });

    it('refuses a pontic alone, and retainers without a pontic', () => {
      expect(errorsOf({ units: [unit(11, 'crown'), unit(36, 'pontic')], design: { ponticType: 'ovate' } })).toEqual({
        'units.1.restoration': 'PONTIC_OUTSIDE_BRIDGE',
      });
      expect(messagesOf({ units: [unit(36, 'pontic')], design: { ponticType: 'ovate' } })).toEqual([
        'Tooth 36: a pontic must be part of a bridge, between two retainers.',
      ]);
      expect(errorsOf({ units: [unit(24, 'bridge_retainer'), unit(25, 'bridge_retainer')] })).toEqual({ 'units.0.restoration': 'BRIDGE_WITHOUT_PONTIC' });
    });

    it('refuses a bridge across arches: 18 and 28 or 28 and 38 are not neighbours', () => {
      // One "bridge" 27-28 | 38-37 around the back of the mouth: two bridges ending with pontics.
      const units = [unit(27, 'bridge_retainer'), unit(28, 'pontic'), unit(38, 'pontic'), unit(37, 'bridge_retainer')];
      expect(errorsOf({ units, design: { ponticType: 'ovate' } })).toEqual({
        'units.1.restoration': 'BRIDGE_ENDS_WITH_PONTIC',
        'units.2.restoration': 'BRIDGE_ENDS_WITH_PONTIC',
      });
      expect(bridgesOf(units).map((b) => b.arch)).toEqual(['upper', 'lower']);
      // Numbers next to each other are not teeth next to each other: 18 | 21 are at the two ends of quadrant 1.
      const byNumber = [unit(17, 'bridge_retainer'), unit(18, 'pontic'), unit(21, 'bridge_retainer')];
      expect(errorsOf({ units: byNumber, design: { ponticType: 'ovate' } })).toEqual({ 'units.1.restoration': 'BRIDGE_ENDS_WITH_PONTIC', 'units.2.restoration': 'BRIDGE_WITHOUT_PONTIC' });
    });
  });

  it('refuses a tooth listed twice', () => {
    expect(errorsOf({ units: [unit(21), unit(22), unit(21, 'veneer')] })).toEqual({ 'units.2.tooth': 'DUPLICATE_TOOTH' });
    expect(messagesOf({ units: [unit(21), unit(21)] })).toEqual(['Tooth 21 is listed more than once; give each tooth one line.']);
  });

  describe('implant fields', () => {
    it('refuses them on a veneer', () => {
      expect(errorsOf({ units: [unit(21, 'veneer', { implant })] })).toEqual({ 'units.0.implant': 'IMPLANT_FIELDS_NOT_ALLOWED' });
    });

    it('requires the system and the platform on implant restorations', () => {
      expect(errorsOf({ units: [unit(36, 'implant_crown_screw')] })).toEqual({
        'units.0.implant.system': 'IMPLANT_SYSTEM_MISSING',
        'units.0.implant.platform': 'IMPLANT_PLATFORM_MISSING',
      });
      expect(errorsOf({ units: [unit(36, 'custom_abutment', { implant: { system: 'Nobel Active', platform: '  ' } })] })).toEqual({
        'units.0.implant.platform': 'IMPLANT_PLATFORM_MISSING',
      });
      expect(errorsOf({ units: [unit(36, 'custom_abutment', { implant: { system: 's'.repeat(61), platform: 'NP' } })] })['units.0.implant.system']).toBeDefined();
    });
  });

  describe('shades', () => {
    it('refuses A5 and made-up codes, naming the tooth', () => {
      expect(errorsOf({ units: [unit(11), unit(12, 'crown', { shade: 'A5' })] })).toEqual({ 'units.1.shade': 'SHADE_UNKNOWN' });
      expect(messagesOf({ units: [unit(12, 'crown', { shade: 'A5' })] })).toEqual(['Tooth 12: A5 is not a VITA classical, VITA 3D-Master or bleach shade.']);
      for (const shade of ['6M1', '2M4', 'BL5', 'E1', '1L1.5']) expect(errorsOf({ units: [unit(11, 'crown', { shade })] })).toEqual({ 'units.0.shade': 'SHADE_UNKNOWN' });
    });

    it('accepts 2M2, BL1, A3.5 and every listed code, in any case', () => {
      for (const shade of ['2M2', 'BL1', 'A3.5', 'a3,5', '3r1.5', ...SHADE_CODES]) expect(errorsOf({ units: [unit(11, 'crown', { shade })] })).toEqual({});
      expect(SHADES.vitaClassical).toHaveLength(16);
      expect(SHADES.vita3dMaster).toHaveLength(29);
    });

    it('requires a shade except for titanium, full metal and wax or printed models', () => {
      expect(errorsOf({ units: [unit(11, 'crown', { shade: undefined })] })).toEqual({ 'units.0.shade': 'SHADE_MISSING' });
      expect(errorsOf({ units: [unit(11, 'crown', { shade: ' ' })] })).toEqual({ 'units.0.shade': 'SHADE_MISSING' });
      for (const material of ['titanium', 'full_metal', 'wax_or_print_model'] as const) {
        expect(errorsOf({ units: [unit(36, 'crown', { material, shade: undefined })] })).toEqual({});
      }
    });
  });

  describe('pontic shape', () => {
    const bridge = [unit(44, 'bridge_retainer'), unit(45, 'pontic'), unit(46, 'bridge_retainer')];
    it('is required when there is a pontic', () => {
      expect(errorsOf({ units: bridge })).toEqual({ 'design.ponticType': 'PONTIC_TYPE_MISSING' });
      expect(messagesOf({ units: bridge })).toEqual(['Tooth 45 is a pontic: please choose the pontic shape.']);
    });
    it('is refused without one', () => {
      expect(errorsOf({ units: [unit(11)], design: { ponticType: 'ovate' } })).toEqual({ 'design.ponticType': 'PONTIC_TYPE_NOT_ALLOWED' });
    });
  });

  it('gives a field one message: its own check, not a rule on top', () => {
    const result = prescriptionSchema.safeParse({ units: [unit(11, 'crown', { shade: 'A2\u0000' }), unit(19), unit(12, 'crown', { shade: 'A5' })] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), prescriptionIssueCode(issue) ?? 'field'])).toEqual([
      ['units.0.shade', 'field'],
      ['units.1.tooth', 'field'],
      ['units.2.shade', 'SHADE_UNKNOWN'],
    ]);
  });

  it('reports rule issues with their code and parameters, and the same from the plain function', () => {
    const input = { units: [unit(12, 'crown', { shade: 'A5' })] };
    const issue = prescriptionSchema.safeParse(input).error?.issues[0];
    expect(issue).toMatchObject({ code: 'custom', path: ['units', 0, 'shade'], params: { code: 'SHADE_UNKNOWN', tooth: 12, shade: 'A5' } });
    expect(prescriptionRuleIssues(prescriptionSchema.parse({ units: [unit(12)] }))).toEqual([]);
    expect(prescriptionRuleIssues({ units: [{ tooth: 12, restoration: 'crown', material: 'composite', shade: 'A5' }], design: {} })).toEqual([
      { code: 'SHADE_UNKNOWN', path: 'units.0.shade', params: { tooth: 12, shade: 'A5' }, message: 'Tooth 12: A5 is not a VITA classical, VITA 3D-Master or bleach shade.' },
    ]);
  });
});

describe('prescriptionQuantity', () => {
  const bridge = [unit(14, 'bridge_retainer'), unit(15, 'pontic'), unit(16, 'bridge_retainer')] as const;
  it('counts every unit, pontics included, per unit', () => {
    expect(prescriptionQuantity(bridge, 'unit')).toBe(3);
    expect(prescriptionQuantity([...bridge, unit(36)], 'unit')).toBe(4);
    expect(prescriptionQuantity([], 'unit')).toBe(0);
  });
  it('counts the arches touched, at least one, per arch', () => {
    expect(prescriptionQuantity(bridge, 'arch')).toBe(1);
    expect(prescriptionQuantity([unit(11), unit(28)], 'arch')).toBe(1);
    expect(prescriptionQuantity([unit(11), unit(41)], 'arch')).toBe(2);
    expect(prescriptionQuantity([unit(36), unit(46)], 'arch')).toBe(1);
    expect(prescriptionQuantity([], 'arch')).toBe(1);
  });
});

describe('due date', () => {
  const now = new Date('2026-11-24T15:30:00Z');
  it('is at the earliest the service’s delivery time away', () => {
    expect(earliestDueDate(now, 3)).toBe('2026-11-27');
    expect(earliestDueDate(new Date('2026-12-30T23:59:00Z'), 2)).toBe('2027-01-01');
    expect(checkDueBy('2026-11-27', now, 3)).toBeNull();
    expect(checkDueBy(undefined, now, 3)).toBeNull();
    expect(checkDueBy('2026-11-26', now, 3)).toMatchObject({
      code: 'DUE_DATE_TOO_EARLY',
      path: 'dueBy',
      message: 'This service needs until 2026-11-27 at the earliest.',
    });
  });
});

describe('service capabilities', () => {
  const capabilities = serviceCapabilitiesSchema.parse({
    restorations: ['crown', 'bridge_retainer', 'pontic', 'implant_crown_cement'],
    materials: ['zirconia_monolithic', 'lithium_disilicate'],
    software: ['exocad'],
    outputFormats: ['stl', 'exocad_project'],
  });

  it('needs at least one restoration, and the CAD software for its project files', () => {
    expect(serviceCapabilitiesSchema.safeParse({ restorations: [], materials: ['composite'], outputFormats: ['stl'] }).success).toBe(false);
    const noExocad = serviceCapabilitiesSchema.safeParse({ restorations: ['crown'], materials: ['composite'], software: ['3shape'], outputFormats: ['stl', 'exocad_project'] });
    expect(noExocad.error?.issues.map((i) => [i.path.join('.'), i.message, sentenceOf(i.message, i.code === 'custom' ? i.params : undefined)])).toEqual([
      ['outputFormats.1', 'CAPABILITY_PROJECT_NEEDS_SOFTWARE', 'Delivering exocad project files needs exocad among the software.'],
    ]);
  });

  it('finds what a prescription asks beyond them, at each unit’s path', () => {
    const prescription = prescriptionSchema.parse({
      units: [unit(35), unit(36, 'implant_crown_screw', { implant }), unit(37, 'crown', { material: 'pmma_temporary' })],
      design: { outputFormats: ['stl', '3shape_project'] },
    });
    expect(capabilityMismatches(prescription, capabilities).map((i) => [i.path, i.message])).toEqual([
      ['units.1.restoration', 'Tooth 36: this service does not design implant screw-retained crowns.'],
      ['units.2.material', 'Tooth 37: this service does not design in PMMA (temporary).'],
      ['design.outputFormats.1', 'This service does not deliver 3Shape project files.'],
    ]);
    expect(capabilityMismatches(prescriptionSchema.parse({ units: [unit(35)] }), capabilities)).toEqual([]);
  });
});

describe('messages', () => {
  it('fill every parameter of every template', () => {
    const params = { tooth: 36, next: 38, shade: 'A5', earliest: '2026-11-27', restoration: 'veneer', material: 'titanium', format: 'obj', software: '3shape' };
    for (const code of Object.keys(PRESCRIPTION_MESSAGES) as Array<keyof typeof PRESCRIPTION_MESSAGES>) {
      const message = prescriptionMessage(code, params);
      expect(message).not.toMatch(/\{\{|\}\}|undefined/);
      expect(message).toMatch(/\.$/);
    }
  });
});
