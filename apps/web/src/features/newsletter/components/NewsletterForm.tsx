import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { isApiError } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';
import { useSubscribe } from '../api/subscribe';

type Outcome = { tone: 'error' | 'success'; text: string };
const loadValidation = () => import('../lib/validation');

/**
 * The footer's e-mail subscription: one field, the server's answer shown beneath it. Validation
 * (the shared schema) loads on the first submit, so the footer stays light on every page.
 */
export function NewsletterForm() {
  const { t, locale } = useI18n();
  const subscription = useSubscribe();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(undefined);
    const { checkNewsletterEmail, translateError, translateMessage } = await loadValidation();
    const say = (text: string) => translateMessage(t, locale, text);
    const check = checkNewsletterEmail(email);
    if (!check.ok) {
      setFieldError(say(check.message));
      return;
    }
    setFieldError(undefined);
    subscription.mutate(
      { email: check.email },
      {
        onSuccess: () => {
          setEmail('');
          // One answer whoever the address is (ADR 0021): the link to confirm is on its way.
          setOutcome({ tone: 'success', text: t('newsletter.checkInbox') });
        },
        onError: (error) => {
          const onField = isApiError(error) ? (error.fieldCodes.email ?? error.fieldErrors.email) : undefined;
          if (onField) setFieldError(say(onField));
          else setOutcome({ tone: 'error', text: translateError(t, locale, error, t('newsletter.failed')) });
        },
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="newsletter-title">
      <Title order={2} fz="md" id="newsletter-title">
        {t('newsletter.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('newsletter.text')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('newsletter.label')}
            placeholder={t('newsletter.placeholder')}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={subscription.isPending}>
            {subscription.isPending ? t('newsletter.submitting') : t('newsletter.submit')}
          </Button>
        </Group>
      </form>
      <Text size="sm" role="status" c={outcome?.tone === 'error' ? 'var(--mantine-color-error)' : 'cusp.9'} fw={500}>
        {outcome?.text}
      </Text>
    </Stack>
  );
}
