import { useState } from 'react';
import { Alert, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEdit, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { ProfileEditInput } from '@cusp/shared';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { useMessages } from '@/lib/use-messages';
import { useEditProfile, useProfile } from '../api/profile';
import { ProfileAbout } from '../components/ProfileAbout';
import { DesignerFields } from '../components/DesignerFields';
import { profileEditResolver, type ProfileEditValues } from '../lib/profile-edit-resolver';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileStatBoxes } from '../components/ProfileStatBoxes';
import { ServiceGrid } from '../components/ServiceGrid';
import { VerifiedBadge } from '../components/VerifiedBadge';
import { isSpecializationList, useLabels } from '../lib/labels';
import { useImageUpload } from '../lib/use-image-upload';
import { ContactButton } from '@/features/messages';
import { ReviewsList } from '@/features/orders';
import type { Profile } from '@/lib/domain';

const EDIT_FIELDS = ['role', 'experience', 'description', 'website', 'wallpaper', 'image', 'software'] as const;

const editDefaults = (profile: Profile): ProfileEditInput => ({
  description: profile.description ?? '',
  experience: (profile.experience ?? undefined) as ProfileEditInput['experience'],
  role: isSpecializationList(profile.tags) ? profile.tags : [],
  website: profile.website ?? '',
  software: profile.software,
  wallpaper: profile.wallpaper,
  image: profile.image,
});

function ProfileView({ profile, isOwner }: { profile: Profile; isOwner: boolean }) {
  const { t } = useI18n();
  const { failure } = useMessages();
  const labels = useLabels();
  const [editing, setEditing] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [uploading, setUploading] = useState<'wallpaper' | 'image' | null>(null);
  const pictures = useImageUpload();
  const edit = useEditProfile(profile.id);
  const form = useForm<ProfileEditInput, unknown, ProfileEditValues>({
    resolver: profileEditResolver,
    defaultValues: editDefaults(profile),
  });
  const [draftWallpaper, draftImage] = useWatch({ control: form.control, name: ['wallpaper', 'image'] });

  const startEditing = () => {
    form.reset(editDefaults(profile));
    setSaveError(undefined);
    pictures.setError(undefined);
    setEditing(true);
  };
  const cancel = () => {
    form.reset(editDefaults(profile));
    setEditing(false);
  };
  const pick = async (kind: 'wallpaper' | 'image', file: File) => {
    setUploading(kind);
    const url = await pictures.upload(file);
    setUploading(null);
    if (url) form.setValue(kind, url, { shouldDirty: true });
  };
  const save = form.handleSubmit((values) => {
    setSaveError(undefined);
    edit.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('catalogue.profile.saved'));
        setEditing(false);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, EDIT_FIELDS)) setSaveError(failure(error, t('catalogue.profile.saveError')));
      },
    });
  });

  return (
    <Stack gap="lg">
      <ProfileHeader
        username={userName(t, profile.username)}
        wallpaper={editing ? (draftWallpaper ?? null) : profile.wallpaper}
        image={editing ? (draftImage ?? null) : profile.image}
        onPick={editing ? (kind, file) => void pick(kind, file) : undefined}
        uploading={uploading}
      />
      {editing ? <Text size="sm" c="dimmed">{t('catalogue.profile.editHint')}</Text> : null}
      {pictures.error ? <FormMessage tone="error">{pictures.error}</FormMessage> : null}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {userName(t, profile.username)}
            </Title>
            {profile.isVerified ? <VerifiedBadge /> : null}
          </Group>
          {profile.role ? <Text c="dimmed">{labels.role(profile.role)}</Text> : null}
        </Stack>
        <Group gap="sm">
          {!isOwner ? (
            <ContactButton userId={profile.id} label={t('catalogue.profile.contact')} />
          ) : editing ? (
            <>
              <Button onClick={() => void save()} loading={edit.isPending} disabled={uploading !== null}>
                {t('catalogue.profile.save')}
              </Button>
              <Button variant="default" onClick={cancel}>
                {t('catalogue.profile.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/services/create" leftSection={<IconPlus size={18} aria-hidden />}>
                {t('catalogue.profile.createService')}
              </Button>
              <Button variant="default" onClick={startEditing} leftSection={<IconEdit size={18} aria-hidden />}>
                {t('catalogue.profile.edit')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {isOwner && !profile.isDesigner ? (
        <Alert variant="light" color="ocean" icon={<IconInfoCircle aria-hidden />}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('catalogue.profile.becomeDesigner')}</Text>
            <Button component={Link} to="/designers/create" size="xs" variant="white">
              {t('catalogue.profile.completeProfile')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {saveError ? <FormMessage tone="error">{saveError}</FormMessage> : null}
      <ProfileStatBoxes profile={profile} />
      <Tabs defaultValue="about" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="about">{t('catalogue.profile.about')}</Tabs.Tab>
          <Tabs.Tab value="services">{t('catalogue.profile.services')}</Tabs.Tab>
          <Tabs.Tab value="reviews">{t('catalogue.profile.reviews')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about" pt="lg">
          {editing ? (
            <DesignerFields control={form.control} register={form.register} errors={form.formState.errors} />
          ) : (
            <ProfileAbout profile={profile} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="lg">
          <ServiceGrid path="/services" filters={{ userId: profile.id }} emptyText={t('catalogue.profile.noServices')} />
        </Tabs.Panel>
        <Tabs.Panel value="reviews" pt="lg">
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('catalogue.profile.reviews')}
            </Title>
            <ReviewsList filter={{ userId: profile.id }} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** `/profile` (the logged-in user's own) and `/profile/{userId}`. */
export function ProfilePage() {
  const { userId: param } = useParams();
  const { t } = useI18n();
  const { user } = useMe();
  const userId = param ?? user?.id;
  const query = useProfile(userId);
  usePageTitle(query.data ? userName(t, query.data.username) : t('catalogue.profile.pageTitle'));

  let content;
  if (query.isPending) content = <PageLoader />;
  else if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    content = <FormMessage tone="error">{missing ? t('catalogue.profile.notFound') : t('catalogue.profile.fetchError')}</FormMessage>;
  } else content = <ProfileView key={query.data.id} profile={query.data} isOwner={user?.id === query.data.id} />;

  return (
    <Container size="lg" py={{ base: 'md', md: 'xl' }}>
      {content}
    </Container>
  );
}
