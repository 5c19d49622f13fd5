import { profileSchema, type SessionUser, type UserInfo } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { resetSession, type Session } from '../../../app/session';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { RadioGroup, TextArea, TextField } from '../../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../../lib/forms';
import { API_BASE, ApiError, http } from '../../../lib/http';
import { uploadImage } from '../../../components/editor/upload-image';
import { useTranslation } from '../../../lib/translation';
import { toast } from '../../../lib/ui-events';

type AvatarType = 'default' | 'gravatar' | 'custom';
const FIELDS = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'] as const;

function currentAvatarType(user: SessionUser, gravatarBase: string): AvatarType {
  if (!user.avatar_url) return 'default';
  return gravatarBase && user.avatar_url.startsWith(gravatarBase) ? 'gravatar' : 'custom';
}

/** Profile: names, avatar, bio, website, location; fields the admin locked are read-only. */
export function ProfileSettings() {
  const { t } = useTranslation();
  const { user, site } = useRouteLoaderData('root') as Session & { user: SessionUser };
  const revalidator = useRevalidator();
  const rules = site.site_users;
  const can = (field: (typeof FIELDS)[number]) => user.actions.profile_fields[field];
  const [values, setValues] = useState({
    display_name: user.display_name,
    username: user.username,
    avatar: currentAvatarType(user, rules.gravatar_base_url),
    bio: user.bio,
    website: user.website,
    location: user.location,
  });
  const [custom, setCustom] = useState(values.avatar === 'custom' ? user.avatar_url : '');
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const locked = t('ui.account.profile.locked');

  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => withoutErrors(e, [field]));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, avatar: { type: values.avatar, custom: values.avatar === 'custom' ? custom : '' } };
    const found = validate(profileSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put<UserInfo>(`${API_BASE}/user/info`, body, { passingError: true });
      toast(t('ui.account.update_success'));
      resetSession();
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        label={t('ui.account.profile.display_name')}
        name="display_name"
        value={values.display_name}
        disabled={!can('display_name')}
        help={can('display_name') ? undefined : locked}
        error={errors.display_name}
        onChange={(e) => set('display_name', e.target.value)}
      />
      <TextField
        label={t('ui.account.profile.username')}
        name="username"
        value={values.username}
        disabled={!can('username')}
        help={can('username') ? t('ui.account.profile.username_help') : locked}
        error={errors.username}
        onChange={(e) => set('username', e.target.value)}
      />
      <div className="flex items-start gap-4">
        <Avatar
          src={values.avatar === 'custom' ? custom : values.avatar === 'default' ? '' : user.avatar_url}
          name={user.display_name}
          size={64}
        />
        <RadioGroup
          legend={t('ui.account.profile.avatar')}
          name="avatar"
          value={values.avatar}
          disabled={!can('avatar')}
          help={can('avatar') ? undefined : locked}
          error={errors.avatar}
          onChange={(value) => set('avatar', value)}
          options={[
            { value: 'default', label: t('ui.account.profile.avatar_system') },
            { value: 'gravatar', label: t('ui.account.profile.avatar_gravatar') },
            ...(custom ? [{ value: 'custom', label: t('ui.account.profile.avatar_custom') }] : []),
          ]}
        />
      </div>
      {can('avatar') ? (
        <TextField
          label={t('ui.account.profile.avatar_upload')}
          help={uploading ? t('ui.loading') : t('ui.account.profile.avatar_upload_help')}
          name="avatar_file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          error={errors.file}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setUploading(true);
            setErrors((x) => withoutErrors(x, ['file', 'avatar']));
            uploadImage(file, 'avatar')
              .then((url) => {
                setCustom(url);
                set('avatar', 'custom');
              })
              .catch((error: unknown) => {
                const fields = serverFieldErrors(error);
                setErrors((x) => ({
                  ...x,
                  file: fields.file ?? (error instanceof ApiError ? error.message : String(error)),
                }));
              })
              .finally(() => setUploading(false));
          }}
        />
      ) : null}
      <TextArea
        label={t('ui.account.profile.bio')}
        name="bio"
        rows={5}
        value={values.bio}
        disabled={!can('bio')}
        help={can('bio') ? t('ui.account.profile.bio_help') : locked}
        error={errors.bio}
        onChange={(e) => set('bio', e.target.value)}
      />
      <TextField
        label={t('ui.account.profile.website')}
        name="website"
        type="url"
        placeholder="https://example.com"
        value={values.website}
        disabled={!can('website')}
        help={can('website') ? undefined : locked}
        error={errors.website}
        onChange={(e) => set('website', e.target.value)}
      />
      <TextField
        label={t('ui.account.profile.location')}
        name="location"
        value={values.location}
        disabled={!can('location')}
        help={can('location') ? undefined : locked}
        error={errors.location}
        onChange={(e) => set('location', e.target.value)}
      />
      {FIELDS.some(can) ? (
        <Button type="submit" loading={busy}>
          {t('ui.account.save')}
        </Button>
      ) : null}
    </form>
  );
}
