import { Avatar, Box, FileButton, Loader, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import classes from './ProfileHeader.module.css';

interface ProfileHeaderProps {
  username: string;
  wallpaper: string | null;
  image: string | null;
  /** In edit mode, clicking a picture picks a new one. */
  onPick?: (kind: 'wallpaper' | 'image', file: File) => void;
  uploading?: 'wallpaper' | 'image' | null;
}

function EditBadge({ busy }: { busy: boolean }) {
  return (
    <ThemeIcon className={classes.editIcon} radius="xl" size="lg" aria-hidden>
      {busy ? <Loader size={16} color="white" /> : <IconCamera size={18} />}
    </ThemeIcon>
  );
}

/** The wallpaper (a gradient when none) with the avatar over its lower edge. */
export function ProfileHeader({ username, wallpaper, image, onPick, uploading = null }: ProfileHeaderProps) {
  const { t } = useI18n();
  const wallpaperPicture = wallpaper ? <img src={wallpaper} alt={t('catalogue.profile.wallpaperAlt', { name: username })} className={classes.wallpaperImage} /> : null;
  const avatar = (
    <Avatar src={image || DEFAULT_AVATAR} alt={t('catalogue.profile.avatarAlt', { name: username })} size={112} radius={112} className={classes.avatar} />
  );

  if (!onPick) {
    return (
      <Box>
        <div className={classes.wallpaper}>{wallpaperPicture}</div>
        <div className={classes.avatarWrap}>{avatar}</div>
      </Box>
    );
  }
  return (
    <Box>
      <FileButton accept="image/*" onChange={(file) => file && onPick('wallpaper', file)} inputProps={{ 'aria-label': t('catalogue.profile.changeWallpaper') }}>
        {(props) => (
          <UnstyledButton {...props} className={`${classes.wallpaper} ${classes.editable}`} aria-label={t('catalogue.profile.changeWallpaper')}>
            {wallpaperPicture}
            <EditBadge busy={uploading === 'wallpaper'} />
          </UnstyledButton>
        )}
      </FileButton>
      <div className={classes.avatarWrap}>
        <FileButton accept="image/*" onChange={(file) => file && onPick('image', file)} inputProps={{ 'aria-label': t('catalogue.profile.changeAvatar') }}>
          {(props) => (
            <UnstyledButton {...props} className={classes.editable} style={{ borderRadius: '50%', position: 'relative' }} aria-label={t('catalogue.profile.changeAvatar')}>
              {avatar}
              <EditBadge busy={uploading === 'image'} />
            </UnstyledButton>
          )}
        </FileButton>
      </div>
    </Box>
  );
}
