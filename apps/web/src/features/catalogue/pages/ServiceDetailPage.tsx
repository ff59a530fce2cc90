import { lazy, Suspense, useEffect } from 'react';
import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconShoppingCart, IconStarFilled } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth';
import { BackLink } from '@/components/BackLink';
import { DetailFact, DetailPage, DetailPageError, DetailSection } from '@/components/DetailPage';
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
import { ServiceCapabilities } from '../components/ServiceCapabilities';
import { ServiceGallery } from '../components/ServiceGallery';
import { useLabels } from '../lib/labels';
import { ContactButton } from '@/features/messages';
import { loadOrderServiceModal, ReviewsList } from '@/features/orders';

const OrderServiceModal = lazy(loadOrderServiceModal);

/** `/services/{id}` (docs/product.md §3.5, §7.6): everything a buyer needs before ordering. */
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

  const back = <BackLink to="/designers">{t('catalogue.detail.back')}</BackLink>;

  if (query.isPending) return <PageLoader label={t('catalogue.detail.loading')} />;
  if (query.isError) return <DetailPageError back={back} title={notFound ? t('catalogue.detail.notFound') : t('catalogue.detail.failed')} />;

  const service = query.data;
  const isOwner = user?.id === service.user.id;
  const average = service.starNumber > 0 ? service.totalStars / service.starNumber : null;
  const category = service.tags[0];

  return (
    <DetailPage
      back={back}
      header={
        <>
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
        </>
      }
      main={
        <>
          <ServiceGallery title={service.title} cover={service.cover} images={service.images} />
          <DetailSection id="description-title" title={t('catalogue.detail.description')}>
            {/* The designer's own words, in whichever language they wrote: their direction is theirs (dir=auto). */}
            <Text style={{ whiteSpace: 'pre-line' }} dir={service.description ? 'auto' : undefined}>
              {service.description || t('catalogue.detail.noDescription')}
            </Text>
          </DetailSection>
          <DetailSection id="capabilities-title" title={t('catalogue.capabilities.section')}>
            <ServiceCapabilities service={service} />
          </DetailSection>
          <DetailSection id="reviews-title" title={t('orders.reviews.title')}>
            <ReviewsList filter={{ serviceId: service.id }} />
          </DetailSection>
        </>
      }
      summary={
        <>
          <DetailFact
            label={service.unitOrArch === 'arch' ? t('catalogue.detail.pricePerArch') : t('catalogue.detail.pricePerUnit')}
            value={money(service.toothPrice, currency)}
          />
          {service.crownPrice !== null ? (
            <DetailFact label={t('catalogue.detail.pricePerCrown')} value={money(service.crownPrice, currency)} />
          ) : null}
          <DetailFact label={t('catalogue.detail.delivery')} value={t('catalogue.detail.days', { count: service.deliveryTime })} />
          {/* Turnaround tiers and extra revisions (docs/decisions/0041): picked in the order form. */}
          {service.turnaround.rush ? (
            <DetailFact label={t('orders.tier.rush')} value={t('catalogue.turnaround.shownRush', { count: service.turnaround.rush.days, percent: number(service.turnaround.rush.surchargePercent) })} />
          ) : null}
          {service.turnaround.standby ? (
            <DetailFact
              label={t('orders.tier.standby')}
              value={t('catalogue.turnaround.shownStandby', { count: service.turnaround.standby.days, percent: number(service.turnaround.standby.discountPercent) })}
            />
          ) : null}
          <DetailFact label={t('catalogue.detail.revisions')} value={number(service.revisions)} />
          {service.extraRevisionPrice !== null ? <DetailFact label={t('orders.extraRevision.label')} value={money(service.extraRevisionPrice, currency)} /> : null}
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
              <Button component={Link} to={`/services/${service.id}/edit`} leftSection={<IconEdit size={18} aria-hidden />}>
                {t('catalogue.detail.edit')}
              </Button>
              <DeleteServiceButton id={service.id} title={service.title} />
            </Group>
          ) : (
            <Stack gap="sm">
              <Button
                component={Link}
                to={`/services/${service.id}?order=1`}
                state={{ orderForm: true }}
                size="md"
                leftSection={<IconShoppingCart size={18} aria-hidden />}
              >
                {t('catalogue.detail.order')}
              </Button>
              <ContactButton userId={service.user.id} label={t('catalogue.detail.contact')} variant="light" />
            </Stack>
          )}
        </>
      }
      aside={<DesignerBox service={service} />}
    >
      {ordering && !isOwner ? (
        <Suspense fallback={null}>
          <OrderServiceModal service={service} opened onClose={closeOrder} />
        </Suspense>
      ) : null}
    </DetailPage>
  );
}
