import { z } from 'zod';
import {
  MATERIALS,
  OUTPUT_FORMATS,
  PROJECT_FORMAT_SOFTWARE,
  RESTORATIONS,
  SOFTWARE,
  type Material,
  type OutputFormat,
  type Restoration,
  type Software,
} from './catalogue.js';
import { prescriptionIssue, type PrescriptionIssue } from './messages.js';
import { toZodIssue } from './prescription.js';
import type { ErrorCode } from '../error-codes.js';

/**
 * What a design service takes on (for the service form later): the restorations it designs, the
 * materials it designs for, the CAD software it works in and the files it delivers. An order's prescription
 * must fit them (`capabilityMismatches`).
 */

/** A capability list: `unknown` for a value not in it (or a list longer than it, which must repeat one), `none` for too few. */
const list = <T extends string>(values: readonly [T, ...T[]], codes: { unknown: ErrorCode; none: ErrorCode }, min: number) =>
  z
    .array(z.enum(values, { error: codes.unknown }), { error: codes.unknown })
    .min(min, codes.none)
    .max(values.length, codes.unknown)
    .transform((items) => [...new Set(items)]);

export const serviceCapabilitiesSchema = z
  .object({
    restorations: list(RESTORATIONS, { unknown: 'CAPABILITY_RESTORATIONS', none: 'CAPABILITY_RESTORATIONS_NONE' }, 1),
    materials: list(MATERIALS, { unknown: 'CAPABILITY_MATERIALS', none: 'CAPABILITY_MATERIALS_NONE' }, 1),
    /** Informational (the buyer's prescription does not name software), except for project files. */
    software: list(SOFTWARE, { unknown: 'CAPABILITY_SOFTWARE', none: 'CAPABILITY_SOFTWARE' }, 0).default([]),
    outputFormats: list(OUTPUT_FORMATS, { unknown: 'CAPABILITY_FORMATS', none: 'CAPABILITY_FORMATS_NONE' }, 1),
  })
  .superRefine((capabilities, ctx) => {
    capabilities.outputFormats.forEach((format, index) => {
      const software = PROJECT_FORMAT_SOFTWARE[format];
      if (software && !capabilities.software.includes(software)) {
        ctx.addIssue(toZodIssue(prescriptionIssue('CAPABILITY_PROJECT_NEEDS_SOFTWARE', `outputFormats.${index}`, { format, software })));
      }
    });
  });

export type ServiceCapabilitiesInput = z.input<typeof serviceCapabilitiesSchema>;
export type ServiceCapabilities = z.output<typeof serviceCapabilitiesSchema>;

/** What `capabilityMismatches` reads: a prescription (or a draft of one) and a service's capabilities. */
export interface CapabilityCheckInput {
  units: readonly { tooth: number; restoration: Restoration; material: Material }[];
  design: { outputFormats: readonly OutputFormat[] };
}

/**
 * Where a prescription asks for what the service does not offer, each at its path: a unit's restoration
 * (`units.3.restoration`: "Tooth 36: this service does not design implant screw-retained crowns."), a unit's
 * material (`units.3.material`) or a file format (`design.outputFormats.1`). Empty when it all fits.
 */
export function capabilityMismatches(
  prescription: CapabilityCheckInput,
  capabilities: { restorations: readonly Restoration[]; materials: readonly Material[]; outputFormats: readonly OutputFormat[]; software?: readonly Software[] },
): PrescriptionIssue[] {
  const issues: PrescriptionIssue[] = [];
  prescription.units.forEach(({ tooth, restoration, material }, index) => {
    if (!capabilities.restorations.includes(restoration)) {
      issues.push(prescriptionIssue('CAPABILITY_RESTORATION', `units.${index}.restoration`, { tooth, restoration }));
    }
    if (!capabilities.materials.includes(material)) {
      issues.push(prescriptionIssue('CAPABILITY_MATERIAL', `units.${index}.material`, { tooth, material }));
    }
  });
  prescription.design.outputFormats.forEach((format, index) => {
    if (!capabilities.outputFormats.includes(format)) {
      issues.push(prescriptionIssue('CAPABILITY_OUTPUT_FORMAT', `design.outputFormats.${index}`, { format }));
    }
  });
  return issues;
}
