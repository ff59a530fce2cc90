import { useState } from 'react';
import { Group, Radio, Stack } from '@mantine/core';
import { EMAIL_LANGUAGES, type EmailLanguage } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useSetEmailLanguage } from '../api/account';
import { SettingsSection } from './SettingsSection';
import type { Account } from '@/lib/domain';

/** The language of the e-mails Cusp sends (saved as soon as it is chosen). */
export function LanguageSection({ account }: { account: Account }) {
  const { t } = useI18n();
  const { failure } = useMessages();
  const save = useSetEmailLanguage();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();

  const choose = (value: string) => {
    setOutcome(undefined);
    save.mutate(value as EmailLanguage, {
      onSuccess: () => setOutcome({ tone: 'success', text: t('settings.language.saved') }),
      onError: (error) => setOutcome({ tone: 'error', text: failure(error, t('settings.language.failed')) }),
    });
  };

  return (
    <SettingsSection id="language" title={t('settings.language.title')} description={t('settings.language.description')}>
      <Stack gap="sm">
        <Radio.Group label={t('settings.language.label')} value={save.isPending ? (save.variables ?? account.emailLanguage) : account.emailLanguage} onChange={choose}>
          <Group gap="xl" mt="xs">
            {EMAIL_LANGUAGES.map((lang) => (
              <Radio key={lang} value={lang} label={LANGUAGE_NAMES[lang]} lang={lang} disabled={save.isPending} />
            ))}
          </Group>
        </Radio.Group>
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
      </Stack>
    </SettingsSection>
  );
}
