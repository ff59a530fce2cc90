import { Anchor, Card, Container, Divider, Grid, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { OrderDetailJson, OrderEventJson } from '@cusp/shared';
import { BackLink } from '@/components/BackLink';
import { DetailSection } from '@/components/DetailPage';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { ContactButton } from '@/features/messages';
import { useOrder } from '../api/orders';
import { OrderActions } from '../components/OrderActions';
import { DisputeCard } from '../components/DisputeActions';
import { OrderFiles } from '../components/OrderFiles';
import { PrescriptionCard } from '../components/PrescriptionCard';
import { StatusBadge } from '../components/StatusBadge';
import { Stars } from '../components/Stars';
import { counterpartOf, revisionsLeft } from '../lib/format';
import { useOrderMessages } from '@/lib/order-messages';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} size="sm" ta="end" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function Summary({ order }: { order: OrderDetailJson }) {
  const { t, money, number, locale } = useI18n();
  const when = (value: string) => formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
  const unit = order.unitOrArch === 'arch' ? t('orders.detail.arches', { count: order.quantity }) : t('orders.detail.units', { count: order.quantity });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="summary-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="summary-title">
          {t('orders.detail.summary')}
        </Title>
        <Fact label={t('orders.detail.quantity')} value={`${number(order.quantity)} ${unit}`} />
        <Fact label={t('orders.detail.unitPrice')} value={money(order.unitPrice, order.currency)} />
        <Fact label={t('orders.detail.total')} value={money(order.price, order.currency)} testId="order-price" />
        <Divider my={4} />
        <Fact label={t('orders.detail.delivery')} value={t('orders.detail.days', { count: order.deliveryDays })} />
        <Fact
          label={t('orders.detail.revisions')}
          value={t('orders.detail.revisionsValue', { left: number(revisionsLeft(order)), included: number(order.revisionsIncluded) })}
          testId="revisions-left"
        />
        <Fact label={t('orders.detail.ordered')} value={when(order.createdAt)} />
        {order.paidAt ? <Fact label={t('orders.detail.paid')} value={when(order.paidAt)} /> : null}
        {order.deliveredAt ? <Fact label={t('orders.detail.deliveredAt')} value={when(order.deliveredAt)} /> : null}
        {order.completedAt ? <Fact label={t('orders.detail.completedAt')} value={when(order.completedAt)} /> : null}
        {order.cancelledAt ? <Fact label={t('orders.detail.cancelledAt')} value={when(order.cancelledAt)} /> : null}
        {order.status === 'delivered' && order.autoCompleteAt ? (
          <Text size="xs" c="dimmed">
            {t('orders.detail.autoComplete', { date: when(order.autoCompleteAt) })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function EventItem({ event }: { event: OrderEventJson }) {
  const { t, locale } = useI18n();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {formatDate(event.createdAt, locale, { dateStyle: 'medium', timeStyle: 'short' })}
        {' · '}
        {event.actor ? t('orders.timeline.by', { name: userName(t, event.actor.username) }) : t('orders.timeline.byCusp')}
      </Text>
      {event.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
          {event.note}
        </Text>
      ) : null}
      {event.units.length > 0 ? (
        <Text size="sm" fw={600} data-testid="event-units">
          {t('orders.rx.eventUnits', { list: event.units.join(', ') })}
        </Text>
      ) : null}
      {event.files.length > 0 ? <OrderFiles files={event.files} label={t('orders.timeline.files', { event: t(`orders.events.${event.type}`) })} /> : null}
    </Stack>
  );
}

function OrderView({ order }: { order: OrderDetailJson }) {
  const { t } = useI18n();
  const other = counterpartOf(order);
  return (
    <Stack gap="lg">
      <BackLink to="/orders">{t('orders.detail.back')}</BackLink>
      <Stack gap="xs">
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {order.title}
          </Title>
          <StatusBadge status={order.status} size="lg" />
        </Group>
        <Group gap="md">
          <Text c="dimmed">
            {order.isSeller ? t('orders.detail.buyer', { name: userName(t, other.username) }) : t('orders.detail.designer', { name: userName(t, other.username) })}
          </Text>
          <Anchor component={Link} to={`/services/${order.serviceId}`} size="sm">
            {t('orders.detail.viewService')}
          </Anchor>
        </Group>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="actions-title">
              <Stack gap="sm">
                <Title order={2} size="h4" id="actions-title">
                  {t('orders.actions.title')}
                </Title>
                <OrderActions order={order} />
              </Stack>
            </Card>
            <Summary order={order} />
            <ContactButton
              userId={other._id}
              label={order.isSeller ? t('orders.detail.contactBuyer') : t('orders.detail.contactDesigner')}
              variant="light"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="xl">
            <DisputeCard order={order} />
            <PrescriptionCard order={order} />
            <DetailSection id="attachments-title" title={t('orders.detail.attachments')} titleSize="h4">
              {order.attachments.length > 0 ? (
                <OrderFiles files={order.attachments} label={t('orders.detail.attachments')} />
              ) : (
                <Text c="dimmed">{t('orders.detail.noAttachments')}</Text>
              )}
            </DetailSection>
            {order.review ? (
              <DetailSection id="review-title" title={t('orders.review.yours')} titleSize="h4">
                <Card withBorder radius="md" padding="md">
                  <Stack gap={6}>
                    <Stars value={order.review.star} />
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
                      {order.review.desc}
                    </Text>
                  </Stack>
                </Card>
              </DetailSection>
            ) : null}
            <DetailSection id="timeline-title" title={t('orders.timeline.title')} titleSize="h4">
              <Timeline active={order.events.length - 1} bulletSize={16} lineWidth={2} aria-label={t('orders.timeline.title')}>
                {order.events.map((event) => (
                  <Timeline.Item key={event._id} title={t(`orders.events.${event.type}`)}>
                    <EventItem event={event} />
                  </Timeline.Item>
                ))}
              </Timeline>
            </DetailSection>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/orders/{id}`: everything about one order, its history, and the next step for whoever's turn it is. */
export function OrderPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const { failure } = useOrderMessages();
  const query = useOrder(id);
  usePageTitle(query.data?.title ?? t('orders.detail.pageTitle'));

  let content;
  if (query.isPending) content = <PageLoader label={t('orders.detail.loading')} />;
  else if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    const text =
      status === 404
        ? t('orders.server.notFound')
        : status === 403
          ? t('orders.server.notParticipant')
          : failure(query.error, t('orders.list.failed'));
    content = (
      <Stack gap="md">
        <Title order={1}>{t('orders.detail.pageTitle')}</Title>
        <FormMessage tone="error">{text}</FormMessage>
        <Anchor component={Link} to="/orders">
          {t('orders.detail.back')}
        </Anchor>
      </Stack>
    );
  } else content = <OrderView order={query.data} />;

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      {content}
    </Container>
  );
}
