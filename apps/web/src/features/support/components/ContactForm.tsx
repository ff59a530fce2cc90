import { useState } from 'react';
import { Button, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { supportTicketSchema, type SupportTicketInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useCreateTicket } from '../api/create-ticket';

type Values = z.output<typeof supportTicketSchema>;
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY: SupportTicketInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm({ defaults }: { defaults?: Partial<SupportTicketInput> }) {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const ticket = useCreateTicket();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string }>();
  const initial = { ...EMPTY, ...defaults };
  const { register, handleSubmit, setError, reset, formState } = useForm<SupportTicketInput, unknown, Values>({
    resolver: zodResolver(supportTicketSchema),
    defaultValues: initial,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setOutcome(undefined);
    ticket.mutate(values, {
      onSuccess: () => {
        reset(initial);
        setOutcome({ tone: 'success', text: t('support.form.success') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS)) {
          setOutcome({ tone: 'error', text: failure(error, t('support.form.failed')) });
        }
      },
    });
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="contact-form-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="contact-form-title">
            {t('support.form.title')}
          </Title>
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('support.form.name')}
              autoComplete="name"
              error={message(errors.name?.message)}
              {...register('name')}
            />
            <TextInput
              label={t('support.form.email')}
              type="email"
              autoComplete="email"
              error={message(errors.email?.message)}
              {...register('email')}
            />
          </SimpleGrid>
          <TextInput label={t('support.form.subject')} error={message(errors.subject?.message)} {...register('subject')} />
          <Textarea
            label={t('support.form.message')}
            autosize
            minRows={5}
            maxRows={12}
            error={message(errors.message?.message)}
            {...register('message')}
          />
          <Button type="submit" disabled={ticket.isPending} w={{ base: '100%', sm: 'auto' }} style={{ alignSelf: 'flex-start' }}>
            {ticket.isPending ? t('support.form.submitting') : t('support.form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
