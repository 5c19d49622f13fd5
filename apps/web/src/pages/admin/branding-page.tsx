import { brandingSettingsSchema } from '@inquire/shared';
import { useState } from 'react';
import { imageProblem, uploadImage } from '../../components/editor/upload-image';
import { TextField } from '../../components/ui/field';
import { serverFieldErrors } from '../../lib/forms';
import { ApiError } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { SettingsShell, useSection, useSettingsForm } from './settings-pages';

const IMAGES = ['logo', 'mobile_logo', 'square_icon', 'favicon'] as const;
type Image = (typeof IMAGES)[number];

/** The formats the server re-encodes (it decodes every upload to check it). */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Settings → Branding (spec section 2): the logo in the header, its phone variant, the square
 * icon and the favicon in every page's head. Each is uploaded (source `branding`, admins only)
 * or given as an address; empty keeps the site name and the default icon.
 */
export function BrandingSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'branding'>();
  const form = useSettingsForm('branding', { ...settings }, brandingSettingsSchema, (values) => values);
  return (
    <SettingsShell title={t('ui.admin.branding.title')} busy={form.busy} onSubmit={form.submit}>
      {IMAGES.map((image) => (
        <BrandingImage
          key={image}
          image={image}
          url={form.values[image]}
          error={form.errors[image]}
          onChange={(url) => form.change({ [image]: url })}
        />
      ))}
    </SettingsShell>
  );
}

/**
 * An upload of this site is stored by its path (`/uploads/branding/…`), so the images keep
 * working when the site's address changes, and wherever the site is reached from.
 */
function sitePath(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.startsWith('/uploads/branding/') ? pathname : url;
  } catch {
    return url;
  }
}

function BrandingImage({
  image,
  url,
  error,
  onChange,
}: {
  image: Image;
  url: string;
  error: string | undefined;
  onChange(url: string): void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();

  function upload(file: File) {
    const problem = imageProblem(file);
    if (problem) {
      setUploadError(t(`form.file.${problem}`));
      return;
    }
    setUploading(true);
    setUploadError(undefined);
    uploadImage(file, 'branding')
      .then((uploaded) => onChange(sitePath(uploaded)))
      .catch((failure: unknown) => {
        const fields = serverFieldErrors(failure);
        setUploadError(fields.file ?? (failure instanceof ApiError ? failure.message : String(failure)));
      })
      .finally(() => setUploading(false));
  }

  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-4 dark:border-gray-700">
      <legend className="px-1 text-sm font-medium text-gray-800 dark:text-gray-200">
        {t(`ui.admin.branding.${image}`)}
      </legend>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t(`ui.admin.branding.${image}_help`)}</p>
      <div className="flex min-h-16 items-center justify-center rounded-md bg-gray-100 p-3 dark:bg-gray-800">
        {url ? (
          <img src={url} alt={t('ui.admin.branding.preview')} className="max-h-16 max-w-full object-contain" />
        ) : (
          <span className="text-sm text-gray-600 dark:text-gray-400">{t('ui.admin.branding.none')}</span>
        )}
      </div>
      <TextField
        label={t('ui.admin.branding.upload')}
        help={uploading ? t('ui.loading') : t('ui.admin.branding.upload_help')}
        name={`${image}_file`}
        type="file"
        accept={ACCEPT}
        error={uploadError}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload(file);
        }}
      />
      <TextField
        label={t('ui.admin.branding.url')}
        name={image}
        value={url}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </fieldset>
  );
}
