import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** A success toast with a translated close button. */
export function notifySuccess(message: string, autoClose: number | false = 4000): void {
  notifications.show({
    message,
    autoClose,
    color: 'cusp',
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** An error toast, for failures that have no form to show them in. */
export function notifyError(message: string): void {
  notifications.show({
    message,
    color: 'red',
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
