import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageShell } from '@/components/PageShell';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useCreateService } from '../api/services';
import { ServiceWizard } from '../components/ServiceWizard';
import type { CompleteProfileState } from './CompleteProfilePage';
import type { Service } from '@/lib/domain';

/** `/services/create`: designers only (docs/product.md §7.7); others complete their designer profile first. */
export function CreateServicePage() {
  const { t } = useI18n();
  const { user } = useMe();
  const creation = useCreateService();
  const [created, setCreated] = useState<Service>();

  if (user && !user.isDesigner) {
    const state: CompleteProfileState = { designersOnly: true };
    return <Navigate to="/designers/create" replace state={state} />;
  }

  return (
    <PageShell title={t('catalogue.wizard.createTitle')} size="md">
      <ServiceWizard
        submitLabel={t('catalogue.wizard.submit')}
        submittingLabel={t('catalogue.wizard.submitting')}
        failureText={t('catalogue.wizard.failed')}
        submit={(values) => creation.mutateAsync(values)}
        resetOnSuccess
        onSuccess={(service) => {
          setCreated(service);
          notifySuccess(t('catalogue.wizard.created'));
        }}
        banner={
          created ? (
            <FormMessage tone="success">
              {t('catalogue.wizard.created')}{' '}
              <Anchor component={Link} to={`/services/${created.id}`} fw={600}>
                {t('catalogue.wizard.viewCreated')}
              </Anchor>
            </FormMessage>
          ) : null
        }
      />
    </PageShell>
  );
}

