import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { Language } from '@cusp/shared';
import { useMe } from '@/features/auth/api/me';
import { useSetEmailLanguage } from '@/features/settings/api/account';
import { LANGUAGE_NAMES, setLanguage, useTranslation } from '@/lib/i18n';

/**
 * Shows the other language in its own name ('العربية' in English, 'English' in Arabic) and switches to it. A member's
 * e-mails follow (docs/decisions/0059): the account's e-mail language is set to it too, as the settings page would.
 */
export function LanguageSwitch({ onSwitch, ...props }: ButtonProps & { onSwitch?: () => void }) {
  const { i18n } = useTranslation();
  const { user } = useMe();
  const saveEmailLanguage = useSetEmailLanguage();
  const other: Language = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="default"
      leftSection={<IconLanguage size={18} aria-hidden />}
      lang={other}
      onClick={() => {
        void setLanguage(other);
        if (user) saveEmailLanguage.mutate(other);
        onSwitch?.();
      }}
      {...props}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
