import {
  CUSTOM_PRIVILEGE_LEVEL,
  privilegeField,
  privilegesSettingsSchema,
  type ConfigurablePrivilege,
  type PrivilegeLevel,
  type PrivilegesView,
} from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { resetSession } from '../../app/session';
import { RadioGroup } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { SettingsShell } from './settings-pages';

const URL_PATH = `${ADMIN_API_BASE}/setting/privileges`;

export async function privilegesLoader({ context, request }: LoaderFunctionArgs): Promise<PrivilegesView> {
  return fromApi(loaderApi(context).get<PrivilegesView>(URL_PATH), new URL(request.url));
}

/**
 * Settings → Privileges (peer facts 2.2): a preset level or the admin's own numbers. The table
 * shows the chosen level's reputation for every privilege; only "custom" can be edited. The
 * server checks privileges against the saved level from the next request on.
 */
export function PrivilegesSettingsPage() {
  const { t } = useTranslation();
  const view = useLoaderData() as PrivilegesView;
  const revalidator = useRevalidator();
  const customOption = view.options.find((option) => option.level === CUSTOM_PRIVILEGE_LEVEL);
  const [level, setLevel] = useState<PrivilegeLevel>(view.selected_level);
  const [custom, setCustom] = useState<Record<string, string>>(() =>
    Object.fromEntries((customOption?.privileges ?? []).map((p) => [p.key, String(p.value)])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);
  const shown = view.options.find((option) => option.level === level) ?? view.options[0];
  const editable = level === CUSTOM_PRIVILEGE_LEVEL;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      level,
      custom_privileges: editable
        ? Object.entries(custom).map(([key, value]) => ({ key: key as ConfigurablePrivilege, value }))
        : [],
    };
    const found = validate(privilegesSettingsSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put(URL_PATH, body);
      setDirty(false);
      toast(t('ui.toast.update_success'));
      resetSession();
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsShell title={t('ui.admin.privileges.title')} busy={busy} onSubmit={submit}>
      <RadioGroup
        legend={t('ui.admin.privileges.level')}
        name="level"
        value={String(level)}
        error={errors.level}
        onChange={(value) => {
          setDirty(true);
          setLevel(Number(value) as PrivilegeLevel);
        }}
        options={view.options.map((option) => ({
          value: String(option.level),
          label: (
            <span>
              <span className="font-medium">{t(`ui.admin.privileges.level_${option.level}`)}</span>
              <span className="block text-gray-600 dark:text-gray-400">{option.level_desc}</span>
            </span>
          ),
        }))}
      />
      <div className="overflow-x-auto">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('ui.admin.privileges.table_caption')}</caption>
          <thead>
            <tr className="border-b border-gray-200 text-start dark:border-gray-700">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                {t('ui.admin.privileges.privilege')}
              </th>
              <th scope="col" className="w-36 py-2 text-start font-medium">
                {t('ui.admin.privileges.reputation')}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown?.privileges.map((privilege) => {
              const field = privilegeField(privilege.key);
              const inputId = `privilege-${privilege.key}`;
              return (
                <tr key={privilege.key} className="border-b border-gray-100 dark:border-gray-800">
                  <th scope="row" className="py-2 pe-4 text-start font-normal">
                    <label htmlFor={inputId}>{privilege.label}</label>
                  </th>
                  <td className="py-2">
                    <input
                      id={inputId}
                      name={field}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      readOnly={!editable}
                      value={editable ? (custom[privilege.key] ?? '') : privilege.value}
                      aria-invalid={errors[field] ? true : undefined}
                      aria-describedby={errors[field] ? `${inputId}-error` : undefined}
                      onChange={(event) => {
                        setDirty(true);
                        setCustom({ ...custom, [privilege.key]: event.target.value });
                        setErrors(({ [field]: _gone, ...rest }) => rest);
                      }}
                      className="w-28 rounded-md border border-gray-300 bg-white px-2 py-1 read-only:bg-gray-100 read-only:text-gray-600 dark:border-gray-600 dark:bg-gray-900 dark:read-only:bg-gray-800 dark:read-only:text-gray-400"
                    />
                    {errors[field] ? (
                      <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
                        {errors[field]}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SettingsShell>
  );
}
