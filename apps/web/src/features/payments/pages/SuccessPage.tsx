import { useEffect, useRef } from 'react';
import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useOrderMessages } from '@/lib/order-messages';
import { useConfirmOrder } from '../api/payments';

/**
 * `/success?payment_intent=...` (docs/product.md §3.6): confirms the order with the server (which
 * checks the payment, docs/product.md §6.3) and opens the order just paid for (docs/decisions/0033; it was /orders after
 * 5 seconds), where a short notice says the payment arrived. A payment the server
 * cannot verify is said plainly, with a way to try again.
 */
export function SuccessPage() {
  const { t } = useI18n();
  const { ofCode, failure } = useOrderMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentIntent = params.get('payment_intent')?.trim() ?? '';
  const confirm = useConfirmOrder();
  const confirmOrder = confirm.mutate;
  const sent = useRef(false);
  usePageTitle(t('payments.success.pageTitle'));

  useEffect(() => {
    if (!paymentIntent || sent.current) return;
    sent.current = true;
    confirmOrder(paymentIntent);
  }, [paymentIntent, confirmOrder]);

  const confirmed = confirm.isSuccess;
  const orderId = confirm.data?.id;
  // The buyer lands on the order they just paid for (docs/decisions/0033), which says the payment arrived.
  useEffect(() => {
    if (!orderId) return;
    void navigate(`/orders/${encodeURIComponent(orderId)}`, { replace: true, state: { paid: true } });
  }, [orderId, navigate]);

  let content;
  if (!paymentIntent) {
    content = <FormMessage tone="error">{ofCode('PAYMENT_NOT_VERIFIED')}</FormMessage>;
  } else if (confirm.isError) {
    content = (
      <Stack gap="md">
        <FormMessage tone="error">{failure(confirm.error, t('payments.success.failed'))}</FormMessage>
        <Group gap="sm">
          <Button onClick={() => confirmOrder(paymentIntent)} loading={confirm.isPending}>
            {t('payments.success.retry')}
          </Button>
          <Button component={Link} to="/orders" variant="default">
            {t('payments.success.toOrders')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (confirmed) {
    content = (
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Text size="lg" fw={600} role="status">
          {t('payments.success.message')}
        </Text>
        {orderId ? (
          <Button component={Link} to={`/orders/${encodeURIComponent(orderId)}`} variant="subtle">
            {t('payments.success.toOrderNow')}
          </Button>
        ) : null}
      </Stack>
    );
  } else {
    content = (
      <Group gap="sm" justify="center" role="status">
        <Loader size="sm" />
        <Text>{t('payments.success.confirming')}</Text>
      </Group>
    );
  }

  return (
    <Container size="sm" py={{ base: 'xl', md: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} ta="center">
            {t('payments.success.pageTitle')}
          </Title>
          {content}
        </Stack>
      </Paper>
    </Container>
  );
}
