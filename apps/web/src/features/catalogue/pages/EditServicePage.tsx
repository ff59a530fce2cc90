import { useNavigate, useParams } from 'react-router';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useService, useUpdateService } from '../api/services';
import { ServiceWizard } from '../components/ServiceWizard';
import { isServiceTag } from '../lib/labels';

/** `/services/{id}/edit`: the owner changes a service with the same wizard, prefilled (PATCH). */
export function EditServicePage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const { failure } = useMessages();
  const navigate = useNavigate();
  const { user, isPending: userPending } = useMe();
  const service = useService(id);
  const update = useUpdateService(id);

  let content;
  if (service.isPending || userPending) content = <PageLoader label={t('catalogue.detail.loading')} />;
  else if (service.isError) content = <FormMessage tone="error">{failure(service.error, t('catalogue.detail.failed'))}</FormMessage>;
  else if (service.data.user.id !== user?.id) content = <FormMessage tone="error">{t('catalogue.wizard.notYours')}</FormMessage>;
  else {
    const s = service.data;
    content = (
      <ServiceWizard
        defaultValues={{
          tags: s.tags.filter(isServiceTag),
          title: s.title,
          description: s.description,
          toothPrice: s.toothPrice,
          unitOrArch: s.unitOrArch,
          crownPrice: s.crownPrice,
          deliveryTime: s.deliveryTime,
          revisions: s.revisions,
          turnaround: s.turnaround,
          extraRevisionPrice: s.extraRevisionPrice,
          cover: s.cover,
          images: s.images,
          restorations: s.restorations,
          materials: s.materials,
          software: s.software,
          outputFormats: s.outputFormats,
        }}
        submitLabel={t('catalogue.wizard.save')}
        submittingLabel={t('catalogue.wizard.saving')}
        failureText={t('catalogue.wizard.updateFailed')}
        submit={(values) => update.mutateAsync(values)}
        onSuccess={(saved) => {
          notifySuccess(t('catalogue.wizard.updated'));
          void navigate(`/services/${saved.id}`);
        }}
      />
    );
  }
  return (
    <PageShell title={t('catalogue.wizard.editTitle')} size="md">
      {content}
    </PageShell>
  );
}
