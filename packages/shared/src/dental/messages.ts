import {
  MATERIAL_LABELS,
  OUTPUT_FORMAT_LABELS,
  RESTORATION_PLURALS,
  SOFTWARE_LABELS,
  type Material,
  type OutputFormat,
  type Restoration,
  type Software,
} from './catalogue.js';

/**
 * The prescription's rule sentences (docs/decisions/0025), in one zod-free module. Each rule has a stable code; its
 * English template takes `{{name}}` parameters (the web app's placeholder syntax), so the web app can put the
 * same keys in its catalogues and translate them. `restoration`, `material`, `format` and `software` parameters are codes;
 * `prescriptionMessage` writes them as English words.
 */
export const PRESCRIPTION_MESSAGES = {
  DUPLICATE_TOOTH: 'Tooth {{tooth}} is listed more than once; give each tooth one line.',
  BRIDGE_NOT_CONTIGUOUS:
    'Tooth {{tooth}}: the bridge is not contiguous; add the missing teeth between {{tooth}} and {{next}}, or make two bridges.',
  BRIDGE_ENDS_WITH_PONTIC: 'Tooth {{tooth}}: a bridge must start and end with a retainer.',
  BRIDGE_WITHOUT_PONTIC: 'Tooth {{tooth}}: a bridge needs at least one pontic between its retainers; a single tooth is a crown.',
  PONTIC_OUTSIDE_BRIDGE: 'Tooth {{tooth}}: a pontic must be part of a bridge, between two retainers.',
  IMPLANT_FIELDS_NOT_ALLOWED: 'Tooth {{tooth}}: the implant system and platform are only for implant crowns and abutments.',
  IMPLANT_SYSTEM_MISSING: 'Tooth {{tooth}}: please give the implant system (maker and line).',
  IMPLANT_PLATFORM_MISSING: 'Tooth {{tooth}}: please give the implant platform (connection size).',
  SHADE_MISSING: 'Tooth {{tooth}}: please choose a shade.',
  SHADE_UNKNOWN: 'Tooth {{tooth}}: {{shade}} is not a VITA classical, VITA 3D-Master or bleach shade.',
  PONTIC_TYPE_MISSING: 'Tooth {{tooth}} is a pontic: please choose the pontic shape.',
  PONTIC_TYPE_NOT_ALLOWED: 'A pontic shape is only given when the prescription has a pontic.',
  DUE_DATE_TOO_EARLY: 'This service needs until {{earliest}} at the earliest.',
  CAPABILITY_RESTORATION: 'Tooth {{tooth}}: this service does not design {{restoration}}.',
  CAPABILITY_MATERIAL: 'Tooth {{tooth}}: this service does not design in {{material}}.',
  CAPABILITY_OUTPUT_FORMAT: 'This service does not deliver {{format}} files.',
  CAPABILITY_PROJECT_NEEDS_SOFTWARE: 'Delivering {{format}} files needs {{software}} among the software.',
} as const;

export type PrescriptionIssueCode = keyof typeof PRESCRIPTION_MESSAGES;
export const PRESCRIPTION_ISSUE_CODES = Object.keys(PRESCRIPTION_MESSAGES) as PrescriptionIssueCode[];

export type PrescriptionIssueParams = Record<string, string | number>;

/**
 * A broken rule: where (a dotted path, the key of `fieldErrors` in the API's error body, e.g.
 * `units.2.shade`), which rule, its parameters and the English sentence.
 */
export interface PrescriptionIssue {
  code: PrescriptionIssueCode;
  path: string;
  params: PrescriptionIssueParams;
  message: string;
}

const words: Record<string, (value: string) => string | undefined> = {
  restoration: (v) => RESTORATION_PLURALS[v as Restoration],
  material: (v) => MATERIAL_LABELS[v as Material],
  format: (v) => OUTPUT_FORMAT_LABELS[v as OutputFormat],
  software: (v) => SOFTWARE_LABELS[v as Software],
};

/** The English sentence of a rule with its parameters filled in. */
export function prescriptionMessage(code: PrescriptionIssueCode, params: PrescriptionIssueParams = {}): string {
  return PRESCRIPTION_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return words[name]?.(String(value)) ?? String(value);
  });
}

export function prescriptionIssue(code: PrescriptionIssueCode, path: string, params: PrescriptionIssueParams = {}): PrescriptionIssue {
  return { code, path, params, message: prescriptionMessage(code, params) };
}
