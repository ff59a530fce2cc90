import { Alert, Anchor, Button, Card, Container, Divider, Grid, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconCube } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { DetailSection } from '@/components/DetailPage';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { ItemDocuments } from '@/features/billing';
import { ContactButton } from '@/features/messages';
import { useSocketConnect, useSocketEvent } from '@/lib/socket';
import { useInvalidateOrder, useOrder } from '../api/orders';
import { DueDate } from '../components/DueDate';
import { OrderActions } from '../components/OrderActions';
import { DisputeCard } from '../components/DisputeActions';
import { OrderFiles } from '../components/OrderFiles';
import { PrescriptionCard } from '../components/PrescriptionCard';
import { StatusBadge } from '../components/StatusBadge';
import { Stars } from '../components/Stars';
import { counterpartOf, revisionsLeft } from '../lib/format';
import { useOrderMessages } from '@/lib/order-messages';
import type { OrderDetail, OrderEvent, OrderFile } from '@/lib/domain';

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

function Summary({ order }: { order: OrderDetail }) {
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
        {order.tier !== 'standard' ? <Fact label={t('orders.tier.label')} value={t(`orders.tier.${order.tier}`)} testId="order-tier" /> : null}
        {order.waitingForScans ? <Fact label={t('orders.detail.dueAt')} value={t('orders.rescan.paused')} testId="due-paused" /> : null}
        {order.dueAt ? (
          <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
            <Text c="dimmed" size="sm">
              {t('orders.detail.dueAt')}
            </Text>
            <DueDate order={order} />
          </Group>
        ) : null}
        <Fact
          label={t('orders.detail.revisions')}
          value={t('orders.detail.revisionsValue', { left: number(revisionsLeft(order)), included: number(order.revisionsIncluded) })}
          testId="revisions-left"
        />
        {order.extraRevisionPrice !== null ? <Fact label={t('orders.extraRevision.label')} value={money(order.extraRevisionPrice, order.currency)} /> : null}
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
        {/* The receipt and any credit notes, once paid (docs/product.md §6.7). */}
        <ItemDocuments itemId={order.id} enabled={Boolean(order.paidAt)} />
      </Stack>
    </Card>
  );
}

/** A revision request's pins in the timeline (docs/decisions/0037): number, file, note, whether resolved. */
function EventPins({ event, files }: { event: OrderEvent; files: OrderFile[] }) {
  const { t } = useI18n();
  const name = (id: string) => files.find((file) => file.id === id)?.name ?? '';
  return (
    <Stack component="ol" gap={2} m={0} ps="md" aria-label={t('orders.review3d.pinsOfEvent', { count: event.pins.length })} data-testid="event-pins">
      {event.pins.map((pin) => (
        <Text component="li" size="sm" key={pin.id} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {t('orders.review3d.pinTitle', { n: pin.number, name: name(pin.fileId) })}
          </Text>
          {': '}
          <span dir="auto">{pin.note}</span>
          {pin.resolved ? ` (${t('orders.review3d.resolved')})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A revision request's checklist items marked "change" (docs/decisions/0059): each named in the reader's language, with
 * the buyer's words, or "see the pins" when the pins say it.
 */
function EventChecklist({ event }: { event: OrderEvent }) {
  const { t } = useI18n();
  return (
    <Stack component="ul" gap={2} m={0} ps="md" data-testid="event-checklist">
      {event.checklist.map(({ item, note }) => (
        <Text component="li" size="sm" key={item} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {t(`orders.review3d.check.${item}`)}
          </Text>
          {': '}
          {note ? <span dir="auto">{note}</span> : t('orders.review3d.seePins')}
        </Text>
      ))}
    </Stack>
  );
}

function EventItem({ event, files, filesAbove = false }: { event: OrderEvent; files: OrderFile[]; filesAbove?: boolean }) {
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
      {event.days !== null ? (
        <Text size="sm" fw={600} data-testid="event-days">
          {t('orders.timeline.days', { count: event.days })}
        </Text>
      ) : null}
      {event.units.length > 0 ? (
        <Text size="sm" fw={600} data-testid="event-units">
          {t('orders.rx.eventUnits', { list: event.units.join(', ') })}
        </Text>
      ) : null}
      {event.checklist.length > 0 ? <EventChecklist event={event} /> : null}
      {event.pins.length > 0 ? <EventPins event={event} files={files} /> : null}
      {event.files.length > 0 && filesAbove ? (
        <Anchor href="#latest-delivery-title" size="sm">
          {t('orders.timeline.filesAbove', { count: event.files.length })}
        </Anchor>
      ) : event.files.length > 0 ? (
        <OrderFiles files={event.files} label={t('orders.timeline.files', { event: t(`orders.events.${event.type}`) })} />
      ) : null}
    </Stack>
  );
}

/**
 * The work first (docs/decisions/0033): the latest delivery, its files (with the 3D preview) and note, at the top of the
 * page; the whole history stays in the timeline below.
 */
function LatestDelivery({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const latest = order.events.findLast((event) => event.type === 'delivered');
  if (!latest) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="latest-delivery-title" data-testid="latest-delivery">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="latest-delivery-title">
            {t('orders.detail.latestDelivery')}
          </Title>
          <Text size="xs" c="dimmed">
            {formatDate(latest.createdAt, locale, { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
        </Group>
        {latest.files.length > 0 ? <OrderFiles files={latest.files} label={t('orders.detail.latestDelivery')} /> : null}
        {latest.note ? (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('orders.detail.deliveryNote')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
              {latest.note}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const other = counterpartOf(order);
  const allFiles = [...order.attachments, ...order.events.flatMap((event) => event.files)];
  // The 3D review opens every mesh of the case in one scene (docs/decisions/0037).
  const meshes = allFiles.filter((file) => file.kind === 'stl' || file.kind === 'ply' || file.kind === 'obj');
  const location = useLocation();
  // The latest delivery's files are shown once, at the top; its timeline entry points there.
  const latestDeliveryId = order.events.findLast((event) => event.type === 'delivered')?.id;
  const justPaid = (location.state as { paid?: boolean } | null)?.paid === true && !order.isSeller;
  // Back from paying for an extra revision (docs/product.md §5.4): the revision request opens at once.
  const revisionPaid = justPaid && order.events.at(-1)?.type === 'revision_bought';
  return (
    <Stack gap="lg">
      <BackLink to="/orders">{t('orders.detail.back')}</BackLink>
      {justPaid ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} role="status" data-testid="paid-notice">
          {revisionPaid ? t('orders.extraRevision.paidNotice') : t('orders.detail.paidNotice', { number: order.number })}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Text size="sm" fw={700} c="dimmed" dir="ltr" style={{ alignSelf: 'flex-start' }} data-testid="order-number">
          {order.number}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {order.title}
          </Title>
          <StatusBadge status={order.status} size="lg" />
          {order.late ? (
            <Text size="sm" fw={700} c="red.9" data-testid="order-late">
              {t('orders.detail.late')}
            </Text>
          ) : null}
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
                <OrderActions order={order} startRevision={revisionPaid} />
              </Stack>
            </Card>
            <Summary order={order} />
            <ContactButton
              userId={other.id}
              label={order.isSeller ? t('orders.detail.contactBuyer') : t('orders.detail.contactDesigner')}
              variant="light"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="xl">
            <DisputeCard order={order} />
            {meshes.length > 0 ? (
              <Button component={Link} to={`/orders/${order.id}/review`} leftSection={<IconCube size={18} aria-hidden />} variant="light" style={{ alignSelf: 'flex-start' }} data-testid="review-3d">
                {t('orders.review3d.open', { count: meshes.length })}
              </Button>
            ) : null}
            <LatestDelivery order={order} />
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
                  <Timeline.Item key={event.id} title={t(`orders.events.${event.type}`)}>
                    <EventItem event={event} files={allFiles} filesAbove={event.id === latestDeliveryId} />
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
  // Live (docs/product.md §5.10): a change by the other party (a delivery, a revision, an answer) shows without a reload.
  const invalidate = useInvalidateOrder();
  useSocketEvent('order:updated', ({ orderId, status }) => {
    if (orderId === id) invalidate(orderId, status);
  });
  // What changed while the socket was down (or before it first connected) is fetched when it connects.
  useSocketConnect(() => invalidate(id));

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
