/**
 * The dental vocabulary of a prescription (DENTAL.md): restorations, materials, shades, design
 * parameters, CAD software, output formats and case file roles. Codes are stable (stored and sent over the
 * API); the English labels are what messages and the web app show until the texts are translated.
 * Zod-free, like `messages.ts`, so code that only lists or shows these does not load zod.
 */

export const RESTORATIONS = [
  'crown',
  'bridge_retainer',
  'pontic',
  'inlay',
  'onlay',
  'veneer',
  'implant_crown_screw',
  'implant_crown_cement',
  'custom_abutment',
  'coping',
  'post_core',
  'denture_tooth',
] as const;
export type Restoration = (typeof RESTORATIONS)[number];

/** Restorations that sit on an implant: only these carry the implant system and platform, and they must. */
export const IMPLANT_RESTORATIONS = ['implant_crown_screw', 'implant_crown_cement', 'custom_abutment'] as const satisfies readonly Restoration[];
export const isImplantRestoration = (restoration: Restoration): boolean => (IMPLANT_RESTORATIONS as readonly Restoration[]).includes(restoration);

/** Implant crowns can be a bridge's retainers (DENTAL.md: "crowns on prepared teeth, or implant crowns"). */
export const IMPLANT_CROWNS = ['implant_crown_screw', 'implant_crown_cement'] as const satisfies readonly Restoration[];
export const isImplantCrown = (restoration: Restoration): boolean => (IMPLANT_CROWNS as readonly Restoration[]).includes(restoration);

export const RESTORATION_LABELS: Readonly<Record<Restoration, string>> = {
  crown: 'Crown',
  bridge_retainer: 'Bridge retainer',
  pontic: 'Pontic',
  inlay: 'Inlay',
  onlay: 'Onlay',
  veneer: 'Veneer',
  implant_crown_screw: 'Implant crown, screw-retained',
  implant_crown_cement: 'Implant crown, cement-retained',
  custom_abutment: 'Custom abutment',
  coping: 'Coping',
  post_core: 'Post and core',
  denture_tooth: 'Denture tooth',
};

/** The plural, in a sentence: "this service does not design {plural}". */
export const RESTORATION_PLURALS: Readonly<Record<Restoration, string>> = {
  crown: 'crowns',
  bridge_retainer: 'bridge retainers',
  pontic: 'pontics',
  inlay: 'inlays',
  onlay: 'onlays',
  veneer: 'veneers',
  implant_crown_screw: 'implant screw-retained crowns',
  implant_crown_cement: 'implant cement-retained crowns',
  custom_abutment: 'custom abutments',
  coping: 'copings',
  post_core: 'posts and cores',
  denture_tooth: 'denture teeth',
};

export const MATERIALS = [
  'zirconia_monolithic',
  'zirconia_layered',
  'lithium_disilicate',
  'pmma_temporary',
  'metal_ceramic',
  'full_metal',
  'composite',
  'titanium',
  'wax_or_print_model',
] as const;
export type Material = (typeof MATERIALS)[number];

/** Nouns that read in a sentence ("designed in monolithic zirconia"); the web app capitalises them in lists. */
export const MATERIAL_LABELS: Readonly<Record<Material, string>> = {
  zirconia_monolithic: 'monolithic zirconia',
  zirconia_layered: 'layered zirconia',
  lithium_disilicate: 'lithium disilicate',
  pmma_temporary: 'PMMA (temporary)',
  metal_ceramic: 'metal-ceramic (PFM)',
  full_metal: 'full metal',
  composite: 'composite',
  titanium: 'titanium',
  wax_or_print_model: 'wax or printed model',
};

/**
 * Materials whose colour is not a tooth shade: the shade is optional for them (and still must be a real code
 * when given). Full metal is here too: a gold or cobalt-chrome surface has no VITA shade.
 */
export const SHADELESS_MATERIALS = ['titanium', 'wax_or_print_model', 'full_metal'] as const satisfies readonly Material[];
export const needsShade = (material: Material): boolean => !(SHADELESS_MATERIALS as readonly Material[]).includes(material);

/**
 * Typical design minimum thickness in millimetres (DENTAL.md), for gentle warnings only, never a rule. Null
 * where DENTAL.md gives no figure.
 */
export function typicalMinThicknessMm(material: Material, restoration: Restoration): readonly [number, number] | null {
  if (restoration === 'veneer') return [0.3, 0.6];
  if (material === 'zirconia_monolithic') return [0.5, 1.0];
  if (material === 'lithium_disilicate' && (restoration === 'crown' || restoration === 'bridge_retainer' || isImplantCrown(restoration))) return [1.0, 1.5];
  return null;
}

/** VITA classical (16, with A3.5), VITA 3D-Master (26 plus the bleached 0M1-0M3) and bleach shades (DENTAL.md). */
export const SHADES = {
  vitaClassical: ['A1', 'A2', 'A3', 'A3.5', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4', 'D2', 'D3', 'D4'],
  vita3dMaster: [
    '0M1', '0M2', '0M3',
    '1M1', '1M2',
    '2L1.5', '2L2.5', '2M1', '2M2', '2M3', '2R1.5', '2R2.5',
    '3L1.5', '3L2.5', '3M1', '3M2', '3M3', '3R1.5', '3R2.5',
    '4L1.5', '4L2.5', '4M1', '4M2', '4M3', '4R1.5', '4R2.5',
    '5M1', '5M2', '5M3',
  ],
  bleach: ['BL1', 'BL2', 'BL3', 'BL4'],
} as const;
export type ShadeGuide = keyof typeof SHADES;
export type Shade = (typeof SHADES)[ShadeGuide][number];
export const SHADE_CODES: readonly Shade[] = [...SHADES.vitaClassical, ...SHADES.vita3dMaster, ...SHADES.bleach];

export const SHADE_GUIDE_LABELS: Readonly<Record<ShadeGuide, string>> = {
  vitaClassical: 'VITA classical',
  vita3dMaster: 'VITA 3D-Master',
  bleach: 'Bleach',
};

/** How a shade is stored: no spaces, upper case, a decimal point ("a3,5" and "2m2" become "A3.5" and "2M2"). */
export const normalizeShade = (shade: string): string => shade.replace(/\s+/g, '').toUpperCase().replace(',', '.');
export const isShade = (shade: string): shade is Shade => (SHADE_CODES as readonly string[]).includes(shade);
export function shadeGuideOf(shade: string): ShadeGuide | null {
  const guide = (Object.keys(SHADES) as ShadeGuide[]).find((g) => (SHADES[g] as readonly string[]).includes(shade));
  return guide ?? null;
}

export const CONTACT_STRENGTHS = ['open', 'light', 'medium', 'tight'] as const;
export type ContactStrength = (typeof CONTACT_STRENGTHS)[number];

export const OCCLUSIONS = ['out_of_occlusion', 'light_contact', 'in_occlusion'] as const;
export type Occlusion = (typeof OCCLUSIONS)[number];

export const PONTIC_TYPES = ['ovate', 'modified_ridge_lap', 'sanitary', 'conical'] as const;
export type PonticType = (typeof PONTIC_TYPES)[number];

export const OUTPUT_FORMATS = ['stl', 'ply', 'obj', 'exocad_project', '3shape_project'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const OUTPUT_FORMAT_LABELS: Readonly<Record<OutputFormat, string>> = {
  stl: 'STL',
  ply: 'PLY',
  obj: 'OBJ',
  exocad_project: 'exocad project',
  '3shape_project': '3Shape project',
};

export const SOFTWARE = ['exocad', '3shape', 'inlab_cerec', 'blender_for_dental', 'other'] as const;
export type Software = (typeof SOFTWARE)[number];
export const SOFTWARE_LABELS: Readonly<Record<Software, string>> = {
  exocad: 'exocad',
  '3shape': '3Shape',
  inlab_cerec: 'inLab / CEREC',
  blender_for_dental: 'Blender for Dental',
  other: 'Other',
};

/** A CAD project can only be delivered by a designer who works in that CAD software. */
export const PROJECT_FORMAT_SOFTWARE: Readonly<Partial<Record<OutputFormat, Software>>> = {
  exocad_project: 'exocad',
  '3shape_project': '3shape',
};

export const FILE_ROLES = ['upper_jaw', 'lower_jaw', 'bite', 'prep', 'scan_body', 'photo', 'other'] as const;
export type FileRole = (typeof FILE_ROLES)[number];
export const FILE_ROLE_LABELS: Readonly<Record<FileRole, string>> = {
  upper_jaw: 'Upper jaw',
  lower_jaw: 'Lower jaw',
  bite: 'Bite',
  prep: 'Preparation',
  scan_body: 'Scan body',
  photo: 'Photo',
  other: 'Other',
};

export interface DesignDefaults {
  cementGapMicrons: number;
  extraCementGapMicrons: number;
  distanceToMarginMm: number;
  contactStrength: ContactStrength;
  occlusion: Occlusion;
  outputFormats: readonly OutputFormat[];
}

/**
 * What a prescription's design says when the buyer leaves a field alone (DENTAL.md's usual values; decision
 * 0025). The minimum thickness has no default: it depends on the material, and the designer's material
 * settings apply when the buyer gives none. The pontic shape has none either: it is asked for when there is a
 * pontic.
 */
export const DEFAULT_DESIGN: Readonly<DesignDefaults> = {
  cementGapMicrons: 40,
  extraCementGapMicrons: 20,
  distanceToMarginMm: 0.5,
  contactStrength: 'medium',
  occlusion: 'light_contact',
  outputFormats: ['stl'],
};

/** Design parameter bounds (docs/decisions/0025). Outside them the schema refuses the value. */
export const DESIGN_LIMITS = {
  cementGapMicrons: { min: 0, max: 200 },
  extraCementGapMicrons: { min: 0, max: 200 },
  distanceToMarginMm: { min: 0, max: 2 },
  minThicknessMm: { min: 0.2, max: 3 },
} as const;

export const CASE_REF_MAX = 40;
/** The longest shade code a unit may give ("3M1.5", "OM1"); the rules judge the code itself. */
export const SHADE_TEXT_MAX = 10;
export const IMPLANT_TEXT_MAX = 60;
