import { useEffect, type ReactNode } from 'react';
import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { coursesKeys, enroll } from '../api/courses';
import { useCourseMessages } from '../lib/messages';

/** The query the payment page (or a provider's return) lands with; any of the usual names for the payment id. */
export function readThankYouParams(params: URLSearchParams) {
  return {
    success: params.get('status') === 'success',
    courseId: params.get('courseId')?.trim() ?? '',
    transactionId: (params.get('transactionId') ?? params.get('payment_intent') ?? params.get('id') ?? '').trim(),
  };
}

interface OutcomeProps {
  ok: boolean;
  title: string;
  /** The sentence that says how it went; announced (status when it went well, alert when not). */
  message: string;
  /** What more to say and where to go next. */
  children: ReactNode;
}

/** How the enrolment ended: a big tick or warning sign, the heading, the sentence, then the way on. */
function Outcome({ ok, title, message, children }: OutcomeProps) {
  const Icon = ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Stack align="center" gap="md">
      <ThemeIcon size={64} radius="xl" color={ok ? 'teal' : 'red'} variant="light" aria-hidden>
        <Icon size={40} />
      </ThemeIcon>
      <Title order={1} ta="center">
        {title}
      </Title>
      <Text size="lg" ta="center" role={ok ? 'status' : 'alert'}>
        {message}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * `/thank-you` (docs/product.md §3.9, §6.3): enrols only once the server has verified the payment. The
 * query string alone proves nothing: without a verified payment the page says there was a problem.
 */
export function ThankYouPage() {
  const { t } = useI18n();
  const { failure } = useCourseMessages();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { success, courseId, transactionId } = readThankYouParams(params);
  const canConfirm = success && !!courseId && !!transactionId;
  usePageTitle(t('courses.thankYou.pageTitle'));

  const confirmation = useQuery({
    queryKey: ['courses', 'confirm-enrolment', courseId, transactionId],
    queryFn: () => enroll({ courseId, transactionId, paymentMethod: 'creditcard' }),
    enabled: canConfirm,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (confirmation.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: coursesKeys.enrolled });
      void queryClient.invalidateQueries({ queryKey: coursesKeys.detail(courseId) });
    }
  }, [confirmation.isSuccess, queryClient, courseId]);

  let body;
  if (canConfirm && confirmation.isPending) {
    body = (
      <Stack align="center" gap="md" role="status">
        <Loader aria-hidden />
        <Text>{t('courses.thankYou.confirming')}</Text>
      </Stack>
    );
  } else if (canConfirm && confirmation.isSuccess) {
    body = (
      <Outcome ok title={t('courses.thankYou.title')} message={t('courses.thankYou.success')}>
        <Group justify="center">
          <Button component={Link} to="/my-courses">
            {t('courses.thankYou.myCourses')}
          </Button>
          <Button component={Link} to={`/courses/${courseId}/learn`} variant="light">
            {t('courses.thankYou.start')}
          </Button>
        </Group>
      </Outcome>
    );
  } else {
    body = (
      <Outcome ok={false} title={t('courses.thankYou.problemTitle')} message={t('courses.thankYou.problem')}>
        {confirmation.isError ? (
          <Text c="dimmed" ta="center">
            {failure(confirmation.error, t('courses.server.paymentNotVerified'))}
          </Text>
        ) : null}
        <Button component={Link} to="/courses">
          {t('courses.thankYou.tryAgain')}
        </Button>
      </Outcome>
    );
  }

  return (
    <Container size="sm" py={{ base: 'xl', md: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {body}
      </Paper>
    </Container>
  );
}
