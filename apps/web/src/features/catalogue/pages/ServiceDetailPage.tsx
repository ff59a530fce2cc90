import { lazy, Suspense, useEffect } from 'react';
import { Anchor, Badge, Button, Card, Container, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconShoppingCart, IconStarFilled } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { usePlatformConfig } from '@/lib/config';
import { notifyError } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useService } from '../api/services';
import { DeleteServiceButton } from '../components/DeleteServiceButton';
import { DesignerBox } from '../components/DesignerBox';
import { ServiceGallery } from '../components/ServiceGallery';
import { useLabels } from '../lib/labels';
import { ContactButton } from '@/features/messages';
import { ReviewsList } from '@/features/orders';

const OrderServiceModal = lazy(() =>
  import('@/features/orders/components/OrderServiceModal').then((m) => ({ default: m.OrderServiceModal })),
);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} ta="end">
        {value}
      </Text>
    </Group>
  );
}

/** `/services/{id}` (SPEC.md section 2, D13): everything a buyer needs before ordering. */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const { t, money, number, locale } = useI18n();
  const labels = useLabels();
  const { currency } = usePlatformConfig();
  const { user } = useMe();
  const query = useService(id);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ordering = params.get('order') === '1';
  // The order form lives in the URL (?order=1): Back closes it, and the payment page can send people to it.
  const closeOrder = () => {
    if ((location.state as { orderForm?: boolean } | null)?.orderForm) void navigate(-1);
    else {
      const next = new URLSearchParams(params);
      next.delete('order');
      setParams(next, { replace: true });
    }
  };
  const notFound = isApiError(query.error) && query.error.status === 404;
  usePageTitle(query.data?.title ?? t('upcoming.pages.serviceDetail'));

  useEffect(() => {
    if (query.isError && !notFound) notifyError(t('catalogue.detail.failed'));
  }, [query.isError, notFound, t]);

  const back = (
    <Anchor component={Link} to="/designers" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden className="rtl-flip" />
        {t('catalogue.detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending) return <PageLoader label={t('catalogue.detail.loading')} />;
  if (query.isError) {
    return (
      <Container size="md" py="xl">
        <Stack gap="md">
          {back}
          <Title order={1}>{notFound ? t('catalogue.detail.notFound') : t('catalogue.detail.failed')}</Title>
        </Stack>
      </Container>
    );
  }

  const service = query.data;
  const isOwner = user?._id === service.userID._id;
  const average = service.starNumber > 0 ? service.totalStars / service.starNumber : null;
  const category = service.tags[0];

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        {back}
        <Stack gap="xs">
          <Title order={1}>{service.title}</Title>
          <Group gap="sm">
            {category ? <Badge variant="light">{labels.tag(category)}</Badge> : null}
            {average === null ? (
              <Badge variant="outline" color="gray" c="dark.6">
                {t('catalogue.detail.new')}
              </Badge>
            ) : (
              <Group gap={4}>
                <IconStarFilled size={16} aria-hidden color="#b35c00" />
                <Text size="sm">
                  {t('catalogue.detail.rating', { rating: number(average, { maximumFractionDigits: 1 }), count: service.starNumber })}
                </Text>
              </Group>
            )}
          </Group>
          {service.hidden ? <FormMessage tone="error">{t('catalogue.detail.hidden')}</FormMessage> : null}
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <ServiceGallery title={service.title} cover={service.cover} images={service.images} />
              <Stack gap="xs" component="section" aria-labelledby="description-title">
                <Title order={2} size="h3" id="description-title">
                  {t('catalogue.detail.description')}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{service.description || t('catalogue.detail.noDescription')}</Text>
              </Stack>
              <Stack gap="xs" component="section" aria-labelledby="reviews-title">
                <Title order={2} size="h3" id="reviews-title">
                  {t('orders.reviews.title')}
                </Title>
                <ReviewsList filter={{ serviceId: service._id }} />
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <Fact
                    label={service.unitOrArch === 'arch' ? t('catalogue.detail.pricePerArch') : t('catalogue.detail.pricePerUnit')}
                    value={money(service.toothPrice, currency)}
                  />
                  {service.crownPrice !== null ? (
                    <Fact label={t('catalogue.detail.pricePerCrown')} value={money(service.crownPrice, currency)} />
                  ) : null}
                  <Fact label={t('catalogue.detail.delivery')} value={t('catalogue.detail.days', { count: service.deliveryTime })} />
                  <Fact label={t('catalogue.detail.revisions')} value={number(service.revisions)} />
                  {service.designer.software.length > 0 ? (
                    <Text size="sm">
                      {t('catalogue.detail.software', {
                        list: new Intl.ListFormat(locale, { type: 'conjunction' }).format(service.designer.software),
                      })}
                    </Text>
                  ) : null}
                  <Divider my="xs" />
                  {isOwner ? (
                    <Group grow>
                      <Button component={Link} to={`/services/${service._id}/edit`} leftSection={<IconEdit size={18} aria-hidden />}>
                        {t('catalogue.detail.edit')}
                      </Button>
                      <DeleteServiceButton id={service._id} title={service.title} />
                    </Group>
                  ) : (
                    <Stack gap="sm">
                      <Button
                        component={Link}
                        to={`/services/${service._id}?order=1`}
                        state={{ orderForm: true }}
                        size="md"
                        leftSection={<IconShoppingCart size={18} aria-hidden />}
                      >
                        {t('catalogue.detail.order')}
                      </Button>
                      <ContactButton userId={service.userID._id} label={t('catalogue.detail.contact')} variant="light" />
                    </Stack>
                  )}
                </Stack>
              </Card>
              <DesignerBox service={service} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {ordering && !isOwner ? (
        <Suspense fallback={null}>
          <OrderServiceModal service={service} opened onClose={closeOrder} />
        </Suspense>
      ) : null}
    </Container>
  );
}
