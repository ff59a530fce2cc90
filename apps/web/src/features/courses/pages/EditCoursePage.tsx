import { Anchor } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useCourse, useUpdateCourse } from '../api/courses';
import { CourseWizard } from '../components/CourseWizard';
import { useCourseMessages } from '../lib/messages';
import { draftOf } from '../lib/wizard';

/** `/courses/{id}/edit`: the creator changes the course and its lessons with the same wizard, prefilled. */
export function EditCoursePage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const { failure } = useCourseMessages();
  const navigate = useNavigate();
  const course = useCourse(id);
  const update = useUpdateCourse(id);

  let content;
  if (course.isPending) content = <PageLoader label={t('courses.detail.loading')} />;
  else if (course.isError) content = <FormMessage tone="error">{failure(course.error, t('courses.detail.failed'))}</FormMessage>;
  else if (!course.data.isCreator) {
    content = (
      <FormMessage tone="error">
        {t('courses.server.notYourCourse')}{' '}
        <Anchor component={Link} to={`/courses/${id}`}>
          {t('courses.wizard.backToCourse')}
        </Anchor>
      </FormMessage>
    );
  } else {
    content = (
      <CourseWizard
        key={course.data.id}
        initial={draftOf(course.data)}
        submitLabel={t('courses.wizard.save')}
        submittingLabel={t('courses.wizard.saving')}
        failureText={t('courses.server.submitFailed')}
        submit={(payload) => update.mutateAsync(payload)}
        onSuccess={(saved) => {
          notifySuccess(t('courses.wizard.updated'));
          void navigate(`/courses/${saved.id}`);
        }}
      />
    );
  }
  return (
    <PageShell title={t('courses.wizard.editTitle')} size="md">
      {content}
    </PageShell>
  );
}
