import { isDeletedUsername } from '@cusp/shared';
import type { TFunction } from './i18n';

/**
 * A person's name as shown: a deleted account's tombstone (docs/decisions/0032) reads "Deleted user" in the
 * active language; everyone else is shown by their username.
 */
export function userName(t: TFunction, username: string | null | undefined): string {
  return isDeletedUsername(username) ? t('common.deletedUser') : (username ?? '');
}
