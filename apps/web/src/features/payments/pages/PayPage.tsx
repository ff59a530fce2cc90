import { useEffect, useRef } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Divider, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { DEFAULT_COVER } from '@/lib/images';
import { notifyError } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useOrderMessages } from '@/lib/order-messages';
import { useCreateIntent, usePayItem, usePayment, usePaymentConfig, type PayItem, type PayItemType } from '../api/payments';
import { CardForm } from '../components/CardForm';
import type { PaymentIntent } from '@/lib/domain';

/** Where a paid payment leads: the order confirmation, or the course's thank-you page. */
export function afterPaymentPath(type: PayItemType, itemId: string, payment: Pick<PaymentIntent, 'id' | 'courseId'>): string {
  // An extra revision is confirmed like an order payment, and lands on its order (docs/product.md §5.4).
  if (type === 'service' || type === 'revision') return `/success?${new URLSearchParams({ payment_intent: payment.id }).toString()}`;
  const query = new URLSearchParams({ status: 'success', courseId: payment.courseId ?? itemId, transactionId: payment.id });
  return `/thank-you?${query.toString()}`;
}

function ItemSummary({ type, item, total }: { type: PayItemType; item: PayItem; total: number | null }) {
  const { t, money } = useI18n();
  const currency = useCurrency();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pay-item-title">
      <Card.Section>
        <Image src={item.thumbnail || DEFAULT_COVER} alt={t('payments.page.thumbnailAlt', { title: item.title })} h={200} fit="cover" />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Badge variant="light" c="cusp.9" w="fit-content">
          {t(`payments.page.type.${type}`)}
        </Badge>
        <Title order={2} size="h3" id="pay-item-title" style={{ overflowWrap: 'anywhere' }} dir="auto">
          {item.title}
        </Title>
        {item.description ? (
          <Text size="sm" c="dimmed" lineClamp={5} style={{ whiteSpace: 'pre-line' }} dir="auto">
            {item.description}
          </Text>
        ) : null}
        <Divider />
        {type === 'service' ? (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {item.unitOrArch === 'arch' ? t('orders.form.pricePerArch') : t('orders.form.pricePerUnit')}
            </Text>
            <Text size="sm">{money(item.price, currency)}</Text>
          </Group>
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('payments.page.total')}</Text>
          <Text fw={700} size="lg" data-testid="pay-total">
            {money(total ?? item.price, currency)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

function useCurrency() {
  const config = usePaymentConfig();
  return config.data?.currency ?? 'USD';
}

/** The card side of the page for a loaded payment: the form, or why there is none. */
function PaymentPanel({ type, itemId, item, payment }: { type: PayItemType; itemId: string; item: PayItem; payment: PaymentIntent }) {
  const { t, money } = useI18n();
  const navigate = useNavigate();
  const config = usePaymentConfig();
  const done = () => void navigate(afterPaymentPath(type, itemId, payment));

  if (payment.status === 'paid') {
    return (
      <Stack gap="sm">
        <FormMessage tone="success">{t('orders.server.paymentAlreadyDone')}</FormMessage>
        <Button onClick={done} style={{ alignSelf: 'flex-start' }}>
          {t('payments.form.continue')}
        </Button>
      </Stack>
    );
  }
  if (payment.status === 'refunded') return <FormMessage tone="error">{t('payments.page.refunded')}</FormMessage>;
  if (config.isPending) return <PageLoader />;
  if (config.isError) return <FormMessage tone="error">{t('payments.page.configFailed')}</FormMessage>;
  if (config.data.provider !== 'sandbox') {
    return (
      <Alert variant="light" color="ocean" icon={<IconInfoCircle aria-hidden />} role="status">
        {t('payments.page.providerUnavailable', { provider: config.data.provider === 'stripe' ? 'Stripe' : 'Moyasar' })}
      </Alert>
    );
  }
  return (
    <CardForm
      paymentId={payment.id}
      amount={money(payment.amount, payment.currency)}
      description={type === 'revision' ? t('payments.page.revisionDescription', { title: item.title }) : t('payments.page.description', { title: item.title })}
      onPaid={done}
      onAlreadyPaid={done}
    />
  );
}

function PayView({ type, id, paymentId }: { type: PayItemType; id: string; paymentId: string | null }) {
  const { t } = useI18n();
  const { failure } = useOrderMessages();
  const [, setParams] = useSearchParams();
  const item = usePayItem(type, id, true);
  const payment = usePayment(paymentId);
  const create = useCreateIntent();
  const createIntent = create.mutate;
  const asked = useRef(false);
  usePageTitle(item.data ? t('payments.page.documentTitle', { title: item.data.title }) : t('payments.page.title'));

  // A course and an extra revision have no form: the payment is made here, once, and kept in the URL for a reload.
  useEffect(() => {
    if (type === 'service' || paymentId || asked.current || !item.isSuccess) return;
    asked.current = true;
    createIntent({ type, id }, { onSuccess: (intent) => setParams({ payment: intent.id }, { replace: true }) });
  }, [type, id, paymentId, item.isSuccess, createIntent, setParams]);

  const missing = item.isError;
  useEffect(() => {
    if (missing) notifyError(t('orders.server.itemNotFound'));
  }, [missing, t]);

  if (missing) return <Navigate to="/not-found" replace />;
  if (item.isPending) return <PageLoader label={t('payments.page.loading')} />;

  const backTo = type === 'service' ? `/services/${id}` : type === 'revision' ? `/orders/${id}` : `/courses/${id}`;
  let panel;
  if (paymentId && payment.isPending) panel = <PageLoader />;
  else if (paymentId && payment.isError) {
    const notFound = isApiError(payment.error) && payment.error.status === 404;
    panel = (
      <Stack gap="sm">
        <FormMessage tone="error">{notFound ? t('orders.server.paymentNotFound') : failure(payment.error, t('payments.page.loadFailed'))}</FormMessage>
        {type === 'service' ? (
          <Button component={Link} to={`/services/${id}?order=1`} variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('payments.page.orderAgain')}
          </Button>
        ) : null}
      </Stack>
    );
  } else if (payment.data) {
    panel = <PaymentPanel type={type} itemId={id} item={item.data} payment={payment.data} />;
  } else if (create.isError) {
    panel = <FormMessage tone="error">{failure(create.error, t('payments.page.intentFailed'))}</FormMessage>;
  } else panel = <PageLoader />;

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden className="rtl-flip" />
            {type === 'service' ? t('payments.page.backToService') : type === 'revision' ? t('payments.page.backToOrder') : t('payments.page.backToCourse')}
          </Group>
        </Anchor>
        <Title order={1}>{t('payments.page.title')}</Title>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ItemSummary type={type} item={item.data} total={payment.data?.amount ?? null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pay-card-title">
              <Stack gap="md">
                <Title order={2} size="h3" id="pay-card-title">
                  {t('payments.page.cardTitle')}
                </Title>
                {panel}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/**
 * `/pay/{type}/{id}` (docs/product.md §3.6): a service's order (made on the service page, `?payment=`),
 * a course, or one extra revision of an order (`/pay/revision/{orderId}`, docs/product.md §5.4). Any other type, or an item that does not load, goes to /not-found.
 */
export function PayPage() {
  const { type = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  if (type !== 'service' && type !== 'course' && type !== 'revision') return <Navigate to="/not-found" replace />;
  // A service is ordered on its page first (quantity, teeth, requirements, files).
  if (type === 'service' && !paymentId) return <Navigate to={`/services/${encodeURIComponent(id)}?order=1`} replace />;
  return <PayView key={`${type}:${id}`} type={type} id={id} paymentId={paymentId} />;
}

