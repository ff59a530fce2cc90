import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { Language } from '@cusp/shared';
import { LANGUAGE_NAMES, setLanguage, useTranslation } from '@/lib/i18n';

/** Shows the other language in its own name ('العربية' in English, 'English' in Arabic) and switches to it. */
export function LanguageSwitch({ onSwitch, ...props }: ButtonProps & { onSwitch?: () => void }) {
  const { i18n } = useTranslation();
  const other: Language = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="default"
      leftSection={<IconLanguage size={18} aria-hidden />}
      lang={other}
      onClick={() => {
        void setLanguage(other);
        onSwitch?.();
      }}
      {...props}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
