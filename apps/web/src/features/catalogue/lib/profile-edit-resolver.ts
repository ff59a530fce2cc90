/** Validation of the profile's in-place edits (the fields are DesignerFields). */
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileEditSchema, type ProfileEditInput } from '@cusp/shared';

const validate = zodResolver(profileEditSchema);

/** Empty lists and blanks mean "unchanged" (a buyer has no specialization to keep); a blank website clears it. */
export const profileEditResolver: Resolver<ProfileEditInput, unknown, ProfileEditValues> = (values, context, options) => {
  const kept = Object.entries(values).filter(
    ([key, value]) => key === 'website' || (value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
  return validate(Object.fromEntries(kept) as ProfileEditInput, context, options);
};
export type ProfileEditValues = z.output<typeof profileEditSchema>;
