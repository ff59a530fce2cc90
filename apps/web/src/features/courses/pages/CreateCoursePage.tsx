import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useCreateCourse } from '../api/courses';
import { CourseWizard } from '../components/CourseWizard';
import { emptyCourse } from '../lib/wizard';

/** `/courses/create`: any logged-in member publishes a course (docs/product.md §10.1); afterwards its page opens. */
export function CreateCoursePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const creation = useCreateCourse();
  const [initial] = useState(emptyCourse);

  return (
    <PageShell title={t('courses.wizard.createTitle')} description={t('courses.wizard.createLead')} size="md">
      <CourseWizard
        initial={initial}
        submitLabel={t('courses.wizard.submit')}
        submittingLabel={t('courses.wizard.submitting')}
        failureText={t('courses.server.submitFailed')}
        submit={(payload) => creation.mutateAsync(payload)}
        onSuccess={(course) => {
          notifySuccess(t('courses.server.submitted'));
          void navigate(`/courses/${course.id}`);
        }}
      />
    </PageShell>
  );
}
