import { useTranslation } from '@/lib/i18n';
import { EXPERIENCE_OPTIONS, SERVICE_TAGS, SPECIALIZATIONS } from '@cusp/shared';

type ServiceTag = (typeof SERVICE_TAGS)[number];
type Specialization = (typeof SPECIALIZATIONS)[number];
type Experience = (typeof EXPERIENCE_OPTIONS)[number];

export const isServiceTag = (value: unknown): value is ServiceTag =>
  typeof value === 'string' && (SERVICE_TAGS as readonly string[]).includes(value);
export const isSpecialization = (value: unknown): value is Specialization =>
  typeof value === 'string' && (SPECIALIZATIONS as readonly string[]).includes(value);
export const isSpecializationList = (value: unknown): value is Specialization[] =>
  Array.isArray(value) && value.every(isSpecialization);
export const isExperience = (value: unknown): value is Experience =>
  typeof value === 'string' && (EXPERIENCE_OPTIONS as readonly string[]).includes(value);

/** The fixed lists of the catalogue (tags, specializations, experience) in the active language. */
export function useLabels() {
  const { t, i18n } = useTranslation();
  const tag = (value: string) => (isServiceTag(value) ? t(`catalogue.tags.${value}`) : value);
  const specialization = (value: string) => (isSpecialization(value) ? t(`catalogue.specializations.${value}`) : value);
  return {
    tag,
    specialization,
    experience: (value: string | null) => (isExperience(value) ? t(`catalogue.experience.${value}`) : (value ?? '')),
    /** `role` arrives as "Dental, Implant" (docs/product.md §4.5): each part translated, joined the local way. */
    role: (role: string) => {
      const parts = role.split(',').map((part) => part.trim()).filter(Boolean);
      return new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(parts.map(specialization));
    },
    tagOptions: SERVICE_TAGS.map((value) => ({ value, label: tag(value) })),
    specializationOptions: SPECIALIZATIONS.map((value) => ({ value, label: specialization(value) })),
    experienceOptions: EXPERIENCE_OPTIONS.map((value) => ({ value, label: t(`catalogue.experience.${value}`) })),
  };
}
