import { useCallback, useMemo } from 'react';
import {
  CONTACT_STRENGTHS,
  FILE_ROLES,
  MATERIALS,
  OCCLUSIONS,
  OUTPUT_FORMATS,
  PONTIC_TYPES,
  PRESCRIPTION_ISSUE_CODES,
  RESTORATIONS,
  SHADES,
  SOFTWARE,
  type ContactStrength,
  type FileRole,
  type Material,
  type Occlusion,
  type OutputFormat,
  type ErrorCode,
  type PonticType,
  type PrescriptionIssueParams,
  prescriptionMessage,
  type Restoration,
  type ShadeGuide,
  type Software,
} from '@cusp/shared';
import { isCode } from '@/lib/codes';
import { codeText } from '@/lib/messages';
import { useI18n } from '@/lib/use-i18n';

/**
 * The prescription's dental vocabulary (restorations, materials, shades, design choices, CAD software, file
 * roles) in the reader's language, with option lists for selects, and a prescription issue by its code of ERRORS: a
 * rule (`packages/shared/src/dental/messages.ts`) names its tooth from its parameters (English keeps the shared
 * sentence word for word), any other code is its `codes.<CODE>` text.
 */
export function useDentalLabels() {
  const { t, i18n, locale } = useI18n();
  const english = i18n.resolvedLanguage !== 'ar';

  const restoration = useCallback((code: Restoration) => t(`orders.dental.restorations.${code}`), [t]);
  const short = useCallback((code: Restoration) => t(`orders.dental.short.${code}`), [t]);
  const material = useCallback((code: Material) => t(`orders.dental.materials.${code}`), [t]);
  const software = useCallback((code: Software) => t(`orders.dental.software.${code}`), [t]);
  const format = useCallback((code: OutputFormat) => t(`orders.dental.formats.${code}`), [t]);
  const role = useCallback((code: FileRole) => t(`orders.dental.roles.${code}`), [t]);
  const contact = useCallback((code: ContactStrength) => t(`orders.dental.contact.${code}`), [t]);
  const occlusion = useCallback((code: Occlusion) => t(`orders.dental.occlusion.${code}`), [t]);
  const pontic = useCallback((code: PonticType) => t(`orders.dental.pontics.${code}`), [t]);
  /** "upper right first premolar" (FDI quadrant, then the tooth from the midline). */
  const toothName = useCallback(
    (tooth: number) =>
      t('orders.teeth.name', {
        quadrant: t(`orders.teeth.quadrants.${Math.floor(tooth / 10) as 1 | 2 | 3 | 4}`),
        position: t(`orders.teeth.positions.${(tooth % 10) as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`),
      }),
    [t],
  );
  const list = useCallback((items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items), [locale]);

  /** An issue as a sentence in the reader's language, by its code (a rule's parameter codes named in words). */
  const issue = useCallback(
    (found: { code: ErrorCode; params?: PrescriptionIssueParams }): string => {
      if (!isCode(PRESCRIPTION_ISSUE_CODES, found.code)) return codeText(t, locale, found.code);
      if (english) return prescriptionMessage(found.code, found.params);
      const params: Record<string, unknown> = { ...found.params };
      if (isCode(RESTORATIONS, params.restoration)) params.restoration = restoration(params.restoration);
      if (isCode(MATERIALS, params.material)) params.material = material(params.material);
      if (isCode(OUTPUT_FORMATS, params.format)) params.format = format(params.format);
      if (isCode(SOFTWARE, params.software)) params.software = software(params.software);
      return t(`orders.rules.${found.code}`, params);
    },
    [english, t, locale, restoration, material, format, software],
  );

  const options = useMemo(
    () => ({
      restorations: (only: readonly Restoration[] = RESTORATIONS) => only.map((value) => ({ value, label: restoration(value) })),
      materials: (only: readonly Material[] = MATERIALS) => only.map((value) => ({ value, label: material(value) })),
      software: SOFTWARE.map((value) => ({ value, label: software(value) })),
      formats: (only: readonly OutputFormat[] = OUTPUT_FORMATS) => only.map((value) => ({ value, label: format(value) })),
      roles: FILE_ROLES.map((value) => ({ value, label: role(value) })),
      contacts: CONTACT_STRENGTHS.map((value) => ({ value, label: contact(value) })),
      occlusions: OCCLUSIONS.map((value) => ({ value, label: occlusion(value) })),
      pontics: PONTIC_TYPES.map((value) => ({ value, label: pontic(value) })),
      /** Shades grouped by guide, for a grouped select. */
      shades: (Object.keys(SHADES) as ShadeGuide[]).map((guide) => ({
        group: t(`orders.dental.shadeGuides.${guide}`),
        items: SHADES[guide].map((code) => ({ value: code, label: code })),
      })),
    }),
    [t, restoration, material, software, format, role, contact, occlusion, pontic],
  );

  return { toothName, restoration, short, material, software, format, role, contact, occlusion, pontic, list, issue, options };
}
