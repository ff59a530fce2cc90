import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Stepper, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { COURSE_VIDEO_MAX_BYTES, formatDuration, type CourseCreateInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { ImageField } from '@/features/catalogue';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { uploadCourseVideo } from '../api/upload-video';
import { useCourseLabels } from '../lib/labels';
import { useCourseMessages } from '../lib/messages';
import { readVideoDuration } from '../lib/video-duration';
import { checkDetails, checkLessons, newLesson, toPayload, type CourseDraft, type DetailsCheck, type LessonDraft } from '../lib/wizard';
import { LessonFields } from './LessonFields';
import type { CourseDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

const VIDEO_NAME = /\.(mp4|m4v|webm|mov)$/i;
const DETAIL_FIELDS = ['title', 'description', 'price'] as const;

interface CourseWizardProps {
  initial: CourseDraft;
  submitLabel: string;
  submittingLabel: string;
  /** 'Failed to submit course.' (docs/product.md §14.7) when the server gives no reason. */
  failureText: string;
  submit: (payload: CourseCreateInput) => Promise<CourseDetail>;
  onSuccess: (course: CourseDetail) => void;
}

/**
 * The two-step course form (docs/product.md §3.9, §10.1): details first (title and description required,
 * price 0 or more with cents), then the lessons. Each lesson's video uploads as soon as it is chosen,
 * with a progress bar, while the creator keeps typing; its duration is read from the file when the
 * browser can.
 */
export function CourseWizard({ initial, submitLabel, submittingLabel, failureText, submit, onSuccess }: CourseWizardProps) {
  const { t, currencySymbol } = useI18n();
  const { message, failure } = useCourseMessages();
  const labels = useCourseLabels();
  const { currency } = usePlatformConfig();
  const [draft, setDraft] = useState<CourseDraft>(initial);
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState<DetailsCheck>({ fields: {} });
  /** After a first attempt to submit, the lessons' problems show and follow every change. */
  const [attempted, setAttempted] = useState(false);
  const lessonsCheck = attempted ? checkLessons(draft.lessons) : null;
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  /** Field errors of the last refused submission, e.g. `lessons.1.videoUrl`. */
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const uploads = useRef(new Map<string, AbortController>());

  // Leaving the page stops the uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const set = <K extends keyof CourseDraft>(key: K, value: CourseDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const updateLesson = (key: string, change: (lesson: LessonDraft) => LessonDraft) =>
    setDraft((d) => ({ ...d, lessons: d.lessons.map((l) => (l.key === key ? change(l) : l)) }));


  const startUpload = async (key: string, file: File) => {
    uploads.current.get(key)?.abort();
    const isVideo = file.type.startsWith('video/') || VIDEO_NAME.test(file.name);
    if (!isVideo || file.size > COURSE_VIDEO_MAX_BYTES) {
      const reason = !isVideo ? t('courses.server.notAVideo') : t('courses.server.videoTooLarge');
      updateLesson(key, (l) => ({ ...l, upload: { status: 'error', name: file.name, message: reason, file } }));
      return;
    }
    const controller = new AbortController();
    uploads.current.set(key, controller);
    updateLesson(key, (l) => ({ ...l, upload: { status: 'uploading', name: file.name, loaded: 0, total: file.size } }));
    void readVideoDuration(file).then((seconds) => {
      if (seconds !== null) updateLesson(key, (l) => (l.duration.trim() ? l : { ...l, duration: formatDuration(seconds) }));
    });
    try {
      const video = await uploadCourseVideo(file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          updateLesson(key, (l) => (l.upload.status === 'uploading' ? { ...l, upload: { ...l.upload, loaded, total } } : l)),
      });
      updateLesson(key, (l) => ({ ...l, video: { url: video.secureUrl, name: video.originalFilename }, upload: { status: 'idle' } }));
    } catch (error) {
      if (controller.signal.aborted) {
        updateLesson(key, (l) => ({ ...l, upload: { status: 'idle' } }));
      } else {
        const reason = failure(error, t('courses.wizard.uploadFailed'));
        updateLesson(key, (l) => ({ ...l, upload: { status: 'error', name: file.name, message: reason, file } }));
      }
    } finally {
      if (uploads.current.get(key) === controller) uploads.current.delete(key);
    }
  };

  const cancelUpload = (key: string) => uploads.current.get(key)?.abort();

  const addLesson = () => setDraft((d) => ({ ...d, lessons: [...d.lessons, newLesson()] }));
  const removeLesson = (key: string) => {
    cancelUpload(key);
    setDraft((d) => (d.lessons.length > 1 ? { ...d, lessons: d.lessons.filter((l) => l.key !== key) } : d));
  };
  const moveLesson = (key: string, by: -1 | 1) =>
    setDraft((d) => {
      const from = d.lessons.findIndex((l) => l.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= d.lessons.length) return d;
      const lessons = [...d.lessons];
      [lessons[from], lessons[to]] = [lessons[to]!, lessons[from]!];
      return { ...d, lessons };
    });

  const next = () => {
    const check = checkDetails(draft);
    setDetails(check);
    if (!check.message && Object.keys(check.fields).length === 0) {
      setFormError(undefined);
      setStep(1);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) return next();
    const detailCheck = checkDetails(draft);
    if (detailCheck.message || Object.keys(detailCheck.fields).length) {
      setDetails(detailCheck);
      setStep(0);
      return;
    }
    const check = checkLessons(draft.lessons);
    setAttempted(true);
    if (check.uploading) {
      setFormError(t('courses.wizard.waitForUploads'));
      return;
    }
    if (check.message) {
      setFormError(undefined);
      return;
    }
    setFormError(undefined);
    setSubmitting(true);
    try {
      const course = await submit(toPayload(draft));
      onSuccess(course);
    } catch (error) {
      applyServerErrors(error);
    } finally {
      setSubmitting(false);
    }
  };

  /** The server's field errors go back onto the fields they name (step 1 or a lesson). */
  const applyServerErrors = (error: unknown) => {
    const fieldErrors = fieldMessages(error);
    setServerErrors(fieldErrors);
    const detailFields: DetailsCheck['fields'] = {};
    for (const field of DETAIL_FIELDS) {
      const text = fieldErrors[field];
      if (text) detailFields[field] = text;
    }
    if (Object.keys(detailFields).length) {
      setDetails({ fields: detailFields });
      setStep(0);
    }
    setFormError(failure(error, failureText));
  };

  const serverLessonError = (index: number) =>
    Object.entries(serverErrors).find(([field]) => field.startsWith(`lessons.${index}.`) || field === 'lessons')?.[1];

  /** A missing required field is named once in the form's alert; the field itself is only marked. */
  const fieldError = (field: keyof DetailsCheck['fields']) => {
    const text = details.fields[field];
    if (!text) return undefined;
    return text === 'COURSE_REQUIRED_FIELDS' ? true : message(text);
  };

  return (
    <Stack gap="lg">
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('courses.wizard.stepDetails')} description={t('courses.wizard.stepDetailsDescription')} />
        <Stepper.Step label={t('courses.wizard.stepLessons')} description={t('courses.wizard.stepLessonsDescription')} />
      </Stepper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          {step === 0 ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('courses.wizard.stepDetails')}
              </Title>
              {details.message ? <FormMessage tone="error">{message(details.message)}</FormMessage> : null}
              {formError && !details.message ? <FormMessage tone="error">{formError}</FormMessage> : null}
              <TextInput
                label={t('courses.wizard.title')}
                withAsterisk
                value={draft.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                error={fieldError('title')}
                maxLength={120}
              />
              <Textarea
                label={t('courses.wizard.description')}
                withAsterisk
                autosize
                minRows={4}
                value={draft.description}
                onChange={(e) => set('description', e.currentTarget.value)}
                error={fieldError('description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('courses.wizard.category')}
                  description={t('courses.wizard.categoryHint')}
                  placeholder={t('courses.wizard.noCategory')}
                  data={labels.categoryOptions}
                  value={draft.category}
                  onChange={(value) => set('category', value)}
                  clearable
                  comboboxProps={{ withinPortal: true }}
                />
                <NumberInput
                  label={t('courses.wizard.price', { currency: currencySymbol(currency) })}
                  description={t('courses.wizard.priceHint')}
                  min={0}
                  step={0.01}
                  decimalScale={2}
                  allowNegative={false}
                  value={draft.price}
                  onChange={(value) => set('price', value)}
                  error={fieldError('price')}
                />
              </SimpleGrid>
              <ImageField label={t('courses.wizard.thumbnail')} value={draft.thumbnail} onChange={(url) => set('thumbnail', url)} />
              <Group justify="flex-end" mt="md">
                <Button type="submit">{t('courses.wizard.next')}</Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('courses.wizard.stepLessons')}
              </Title>
              {lessonsCheck?.message ? <FormMessage tone="error">{message(lessonsCheck.message)}</FormMessage> : null}
              {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
              <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {draft.lessons.map((lesson, index) => (
                  <li key={lesson.key}>
                    <LessonFields
                      lesson={lesson}
                      index={index}
                      count={draft.lessons.length}
                      problems={lessonsCheck?.lessons[lesson.key]}
                      serverError={message(serverLessonError(index))}
                      onChange={(change) => updateLesson(lesson.key, (l) => ({ ...l, ...change }))}
                      onFile={(file) => void startUpload(lesson.key, file)}
                      onCancelUpload={() => cancelUpload(lesson.key)}
                      onRemove={() => removeLesson(lesson.key)}
                      onMove={(by) => moveLesson(lesson.key, by)}
                    />
                  </li>
                ))}
              </Stack>
              <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={addLesson} w="fit-content">
                {t('courses.wizard.addLesson')}
              </Button>
              <Group justify="space-between" mt="md">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('courses.wizard.back')}
                </Button>
                <Button type="submit" loading={submitting} disabled={submitting}>
                  {submitting ? submittingLabel : submitLabel}
                </Button>
              </Group>
            </Stack>
          )}
        </form>
      </Paper>
    </Stack>
  );
}
