import {
  ADMIN_USER_FILTERS,
  ADMIN_USER_STATUSES,
  adminBulkUsersSchema,
  adminUserPasswordSchema,
  adminUserProfileSchema,
  adminUserRoleSchema,
  adminUserStatusSchema,
  ROLE,
  SUSPEND_DURATIONS,
  SUSPENDED_FOREVER_UNTIL,
  type AdminActivationLink,
  type AdminUserFilter,
  type AdminUserItem,
  type AdminUserStatus,
  type Paged,
  type RoleItem,
  type SuspendDuration,
} from '@inquire/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Form } from '../../components/links';
import type { z } from 'zod';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass, linkClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, RadioGroup, SelectField, TextArea, TextField } from '../../components/ui/field';
import { Menu } from '../../components/ui/menu';
import { Pagination } from '../../components/ui/pagination';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { formatUtc } from '../users/suspended-page';

const PAGE_SIZE = 20;

export interface AdminUsersData {
  filter: AdminUserFilter;
  query: string;
  pageNumber: number;
  page: Paged<AdminUserItem>;
}

/** `/admin/users?filter=&query=&page=`: one tab of the members, a search, a page at a time. */
export async function adminUsersLoader({ context, request }: LoaderFunctionArgs): Promise<AdminUsersData> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('filter') as AdminUserFilter | null;
  const filter = asked && ADMIN_USER_FILTERS.includes(asked) ? asked : 'all';
  const query = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
  const pageNumber = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const page = await fromApi(
    loaderApi(context).get<Paged<AdminUserItem>>(`${ADMIN_API_BASE}/users/page`, {
      filter,
      query,
      page: pageNumber,
      page_size: PAGE_SIZE,
    }),
    url,
  );
  return { filter, query, pageNumber, page };
}

/** `/admin/users/:userId`: one member as the admin sees them. */
export async function adminUserLoader({ context, request, params }: LoaderFunctionArgs): Promise<AdminUserItem> {
  return await fromApi(
    loaderApi(context).get<AdminUserItem>(`${ADMIN_API_BASE}/user`, { user_id: params.userId ?? '' }),
    new URL(request.url),
  );
}

function listHref(filter: AdminUserFilter, query: string, page = 1): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (query) params.set('query', query);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return `/admin/users${text ? `?${text}` : ''}`;
}

const tabClass = (current: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
    current
      ? 'border-primary-600 text-gray-900 dark:border-primary-400 dark:text-gray-100'
      : 'border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100'
  }`;

const COLUMNS = ['name', 'reputation', 'email', 'created', 'role', 'status', 'action'] as const;
/** Columns a phone leaves out: the email moves under the name, the rest is on the member's page. */
const WIDE_ONLY = new Set<string>(['email', 'created', 'role']);

const STATUS_BADGE = { normal: 'success', suspended: 'warning', deleted: 'danger', inactive: 'neutral' } as const;

function StatusBadge({ user }: { user: AdminUserItem }) {
  const { t } = useTranslation();
  return <Badge kind={STATUS_BADGE[user.status]}>{t(`ui.admin.users.statuses.${user.status}`)}</Badge>;
}

/** Which dialog is open, for whom. */
type OpenDialog = { kind: 'status' | 'role' | 'password' | 'profile' | 'activation'; user: AdminUserItem } | null;

export function AdminUsersPage() {
  const { t } = useTranslation();
  const { filter, query, pageNumber, page } = useLoaderData() as AdminUsersData;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  return (
    <section aria-labelledby="admin-users-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="admin-users-heading" className="text-2xl font-semibold">
          {t('ui.admin.users.title')}
        </h1>
        <Button onClick={() => setBulkOpen(true)}>{t('ui.admin.users.bulk_add')}</Button>
      </div>
      <nav
        aria-label={t('ui.admin.users.filters_label')}
        className="mt-4 flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-800"
      >
        {ADMIN_USER_FILTERS.map((tab) => (
          <Link
            key={tab}
            to={listHref(tab, query)}
            aria-current={tab === filter ? 'page' : undefined}
            className={tabClass(tab === filter)}
          >
            {t(`ui.admin.users.filters.${tab}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" action="/admin/users" role="search" className="mt-4 flex max-w-xl items-end gap-2">
        {filter !== 'all' ? <input type="hidden" name="filter" value={filter} /> : null}
        <div className="flex-1">
          <TextField label={t('ui.admin.users.search')} name="query" type="search" defaultValue={query} />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {t('ui.admin.users.search_button')}
        </button>
      </Form>
      {page.list.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t('ui.admin.users.empty')} />
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-800 dark:text-gray-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-2 py-2 text-start font-medium whitespace-nowrap ${WIDE_ONLY.has(column) ? 'hidden md:table-cell' : ''}`}
                  >
                    {t(`ui.admin.users.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
              {page.list.map((user) => (
                <UserRow key={user.user_id} user={user} onOpen={setDialog} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={pageNumber}
        pageSize={PAGE_SIZE}
        total={page.count}
        href={(n) => listHref(filter, query, n)}
        labels={{
          nav: t('ui.admin.users.title'),
          previous: t('ui.design.previous'),
          next: t('ui.design.next'),
          page: (n) => t('ui.design.page_n', { n }),
        }}
      />
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {bulkOpen ? <BulkAddDialog onClose={() => setBulkOpen(false)} /> : null}
    </section>
  );
}

function UserRow({ user, onOpen }: { user: AdminUserItem; onOpen(dialog: OpenDialog): void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td className="px-2 py-2">
        <Link to={`/admin/users/${user.user_id}`} className={linkClass}>
          {user.display_name || user.username}
        </Link>
        <div className="text-xs text-gray-600 dark:text-gray-400">@{user.username}</div>
        <div className="text-xs break-all text-gray-600 md:hidden dark:text-gray-400">{user.e_mail}</div>
      </td>
      <td className="px-2 py-2">{user.rank}</td>
      <td className="hidden px-2 py-2 md:table-cell">{user.e_mail}</td>
      <td className="hidden px-2 py-2 whitespace-nowrap md:table-cell">{formatUtc(user.created_at).slice(0, 10)}</td>
      <td className="hidden px-2 py-2 whitespace-nowrap md:table-cell">
        {t(`ui.admin.users.roles.${user.role_name}`)}
      </td>
      <td className="px-2 py-2 whitespace-nowrap">
        <StatusBadge user={user} />
      </td>
      <td className="px-2 py-2">
        <UserActions user={user} onOpen={onOpen} />
      </td>
    </tr>
  );
}

function UserActions({ user, onOpen }: { user: AdminUserItem; onOpen(dialog: OpenDialog): void }) {
  const { t } = useTranslation();
  if (user.status === 'deleted') return null;
  const name = user.display_name || user.username;
  return (
    <Menu
      trigger={
        <button type="button" className={buttonClass('secondary', 'sm')}>
          {t('ui.admin.users.columns.action')}
          {/* Whose actions, for screen readers; the visible word starts the name (WCAG 2.5.3). */}
          <span className="sr-only"> {t('ui.admin.users.actions_for', { name })}</span>
        </button>
      }
      entries={[
        { kind: 'action', label: t('ui.admin.users.change_status'), onSelect: () => onOpen({ kind: 'status', user }) },
        { kind: 'action', label: t('ui.admin.users.change_role'), onSelect: () => onOpen({ kind: 'role', user }) },
        { kind: 'action', label: t('ui.admin.users.set_password'), onSelect: () => onOpen({ kind: 'password', user }) },
        {
          kind: 'action',
          label: t('ui.admin.users.edit_profile'),
          onSelect: () => onOpen({ kind: 'profile', user }),
        },
        // Only a member who has not activated has a link to receive.
        ...(user.status === 'inactive'
          ? [
              {
                kind: 'action' as const,
                label: t('ui.admin.users.activation'),
                onSelect: () => onOpen({ kind: 'activation', user }),
              },
            ]
          : []),
      ]}
    />
  );
}

function UserDialogs({ dialog, onClose }: { dialog: OpenDialog; onClose(): void }) {
  if (!dialog) return null;
  if (dialog.kind === 'status') return <StatusDialog user={dialog.user} onClose={onClose} />;
  if (dialog.kind === 'role') return <RoleDialog user={dialog.user} onClose={onClose} />;
  if (dialog.kind === 'profile') return <ProfileDialog user={dialog.user} onClose={onClose} />;
  if (dialog.kind === 'activation') return <ActivationDialog user={dialog.user} onClose={onClose} />;
  return <PasswordDialog user={dialog.user} onClose={onClose} />;
}

/**
 * One dialog's form: checks with the route's shared schema, sends it, toasts and reloads the
 * list; the server's field errors show beside their fields (its toasts, such as "Forbidden to
 * operate on yourself", come from the http client).
 */
function useDialogForm(
  path: string,
  schema: z.ZodType,
  onClose: () => void,
  success: string | ((data: unknown) => string),
  method: 'put' | 'post' = 'put',
) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  async function send(body: unknown): Promise<void> {
    const found = validate(schema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const data = await http[method](`${ADMIN_API_BASE}/${path}`, body);
      toast(typeof success === 'string' ? success : success(data));
      onClose();
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, send };
}

function DialogFooter({ busy, onClose, form }: { busy: boolean; onClose(): void; form: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('ui.admin.users.cancel')}
      </Button>
      <Button type="submit" form={form} loading={busy}>
        {t('ui.admin.users.submit')}
      </Button>
    </>
  );
}

function StatusDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdminUserStatus>(user.status);
  const [duration, setDuration] = useState<SuspendDuration>('7d');
  const [reason, setReason] = useState(user.suspended_reason);
  const [removeContent, setRemoveContent] = useState(false);
  const form = useDialogForm('user/status', adminUserStatusSchema, onClose, t('ui.toast.update_success'));
  function submit(event: FormEvent) {
    event.preventDefault();
    if (status === user.status && status !== 'suspended') return onClose();
    void form.send({
      user_id: user.user_id,
      status,
      ...(status === 'suspended' ? { suspend_duration: duration, suspend_reason: reason } : {}),
      ...(status === 'deleted' ? { remove_all_content: removeContent } : {}),
    });
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.status_dialog.title')}
      footer={<DialogFooter busy={form.busy} onClose={onClose} form="user-status-form" />}
    >
      <form id="user-status-form" noValidate onSubmit={submit} className="space-y-4">
        <RadioGroup
          legend={t('ui.admin.users.status_dialog.status')}
          name="status"
          value={status}
          options={ADMIN_USER_STATUSES.map((value) => ({ value, label: t(`ui.admin.users.statuses.${value}`) }))}
          onChange={(value) => setStatus(value as AdminUserStatus)}
          error={form.errors.status}
        />
        {status === 'suspended' ? (
          <>
            <SelectField
              label={t('ui.admin.users.status_dialog.duration')}
              name="suspend_duration"
              value={duration}
              onChange={(e) => setDuration(e.target.value as SuspendDuration)}
              options={SUSPEND_DURATIONS.map((value) => ({ value, label: t(`ui.admin.users.durations.${value}`) }))}
              error={form.errors.suspend_duration}
            />
            <TextArea
              label={t('ui.admin.users.status_dialog.reason')}
              help={t('ui.admin.users.status_dialog.reason_help')}
              name="suspend_reason"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={form.errors.suspend_reason}
            />
          </>
        ) : null}
        {status === 'deleted' ? (
          <>
            <p className="text-red-700 dark:text-red-400">{t('ui.admin.users.status_dialog.delete_warning')}</p>
            <Checkbox
              label={t('ui.admin.users.status_dialog.remove_content')}
              checked={removeContent}
              onChange={(e) => setRemoveContent(e.target.checked)}
            />
          </>
        ) : null}
      </form>
    </Dialog>
  );
}

const ROLE_OPTIONS = [
  { id: ROLE.user, name: 'user' },
  { id: ROLE.admin, name: 'admin' },
  { id: ROLE.moderator, name: 'moderator' },
] as const;

/**
 * The roles with their descriptions, as `roles` answers (spec section 4: the change-role modal
 * loads the roles); the built-in names stand in until it answers.
 */
function useRoles(): RoleItem[] {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<RoleItem[] | null>(null);
  useEffect(() => {
    let live = true;
    void http.get<RoleItem[]>(`${ADMIN_API_BASE}/roles`).then((list) => live && setRoles(list));
    return () => {
      live = false;
    };
  }, []);
  return (
    roles ??
    ROLE_OPTIONS.map((role) => ({ id: role.id, name: t(`ui.admin.users.roles.${role.name}`), description: '' }))
  );
}

function RoleDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const [roleId, setRoleId] = useState<number>(user.role_id);
  const form = useDialogForm('user/role', adminUserRoleSchema, onClose, t('ui.toast.update_success'));
  function submit(event: FormEvent) {
    event.preventDefault();
    // The unchanged role just closes (spec section 4).
    if (roleId === user.role_id) return onClose();
    void form.send({ user_id: user.user_id, role_id: roleId });
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.role_dialog.title')}
      footer={<DialogFooter busy={form.busy} onClose={onClose} form="user-role-form" />}
    >
      <form id="user-role-form" noValidate onSubmit={submit}>
        <RadioGroup
          legend={t('ui.admin.users.role_dialog.role')}
          name="role_id"
          value={String(roleId)}
          options={roles.map((role) => ({
            value: String(role.id),
            label: (
              <span>
                {role.name}
                {role.description ? (
                  <span className="block text-xs text-gray-700 dark:text-gray-300">{role.description}</span>
                ) : null}
              </span>
            ),
          }))}
          onChange={(value) => setRoleId(Number(value))}
          error={form.errors.role_id}
        />
      </form>
    </Dialog>
  );
}

function PasswordDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const form = useDialogForm('user/password', adminUserPasswordSchema, onClose, t('ui.admin.users.password_changed'));
  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send({ user_id: user.user_id, password });
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.password_dialog.title')}
      footer={<DialogFooter busy={form.busy} onClose={onClose} form="user-password-form" />}
    >
      <form id="user-password-form" noValidate onSubmit={submit}>
        <TextField
          label={t('ui.admin.users.password_dialog.password')}
          help={t('ui.admin.users.password_dialog.help')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.errors.password}
        />
      </form>
    </Dialog>
  );
}

function ProfileDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    display_name: user.display_name,
    username: user.username,
    email: user.e_mail,
  });
  const form = useDialogForm('user/profile', adminUserProfileSchema, onClose, t('ui.toast.update_success'));
  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send({ user_id: user.user_id, ...values });
  }
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: form.errors[name],
    onChange: (e: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: e.target.value })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.profile_dialog.title')}
      footer={<DialogFooter busy={form.busy} onClose={onClose} form="user-profile-form" />}
    >
      <form id="user-profile-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField label={t('ui.admin.users.profile_dialog.display_name')} {...field('display_name')} />
        <TextField label={t('ui.admin.users.profile_dialog.username')} autoComplete="off" {...field('username')} />
        <TextField
          label={t('ui.admin.users.profile_dialog.email')}
          help={t('ui.admin.users.profile_dialog.help')}
          type="email"
          autoComplete="off"
          {...field('email')}
        />
      </form>
    </Dialog>
  );
}

/**
 * Bulk add: one `name, email, password` a line. The server checks every line and answers the
 * first bad one by its number, beside the field; nobody is added until every line is right.
 */
function BulkAddDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [users, setUsers] = useState('');
  const form = useDialogForm(
    'users',
    adminBulkUsersSchema,
    onClose,
    (data) => t('ui.admin.users.bulk_dialog.added', { count: (data as { count: number }).count }),
    'post',
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send({ users });
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.bulk_dialog.title')}
      footer={<DialogFooter busy={form.busy} onClose={onClose} form="user-bulk-form" />}
    >
      <form id="user-bulk-form" noValidate onSubmit={submit}>
        <TextArea
          label={t('ui.admin.users.bulk_dialog.users')}
          help={t('ui.admin.users.bulk_dialog.help')}
          name="users"
          rows={6}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('ui.admin.users.bulk_dialog.placeholder')}
          value={users}
          onChange={(e) => setUsers(e.target.value)}
          error={form.errors.users}
        />
      </form>
    </Dialog>
  );
}

/**
 * Resend activation: opening the dialog asks for a fresh link (shown to copy and pass on);
 * "Send email" mails the member one. Either replaces the links sent before.
 */
function ActivationDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // One link per opening: each request issues a code (and counts as an admin action).
  useEffect(() => {
    let live = true;
    http
      .get<AdminActivationLink>(`${ADMIN_API_BASE}/user/activation`, { params: { user_id: user.user_id } })
      .then((data) => (live ? setUrl(data.activation_url) : undefined))
      .catch(() => (live ? closeRef.current() : undefined));
    return () => {
      live = false;
    };
  }, [user.user_id]);
  async function copy() {
    // The clipboard needs a secure context; elsewhere the selected field is there to copy by hand.
    await navigator.clipboard
      ?.writeText(url)
      .then(() => toast(t('ui.admin.users.activation_dialog.copied')))
      .catch(() => undefined);
  }
  async function send() {
    setBusy(true);
    try {
      await http.post(`${ADMIN_API_BASE}/user/activation`, { user_id: user.user_id });
      toast(t('ui.admin.users.activation_dialog.sent'));
      onClose();
    } catch {
      // The http client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('ui.admin.users.activation_dialog.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.admin.users.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={busy}>
            {t('ui.admin.users.activation_dialog.send')}
          </Button>
        </>
      }
    >
      <p className="text-sm">
        {t('ui.admin.users.activation_dialog.intro', { name: user.display_name || user.username })}
      </p>
      <div className="mt-4 flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t('ui.admin.users.activation_dialog.link')}
            name="activation_url"
            readOnly
            value={url || t('ui.admin.users.activation_dialog.loading')}
            onFocus={(e) => e.target.select()}
          />
        </div>
        <Button variant="secondary" disabled={!url} onClick={() => void copy()}>
          {t('ui.admin.users.activation_dialog.copy')}
        </Button>
      </div>
    </Dialog>
  );
}

/** `/admin/users/:userId`: the member's facts and the same actions as the list. */
export function AdminUserPage() {
  const { t } = useTranslation();
  const user = useLoaderData() as AdminUserItem;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const name = user.display_name || user.username;
  const facts: [string, string][] = [
    [t('ui.admin.users.columns.email'), user.e_mail],
    [t('ui.admin.users.columns.reputation'), String(user.rank)],
    [t('ui.admin.users.columns.role'), t(`ui.admin.users.roles.${user.role_name}`)],
    [t('ui.admin.users.columns.created'), formatUtc(user.created_at)],
    [
      t('ui.admin.users.detail.last_login'),
      user.last_login_date ? formatUtc(user.last_login_date) : t('ui.admin.users.detail.never'),
    ],
    [t('ui.admin.users.detail.questions'), String(user.question_count)],
    [t('ui.admin.users.detail.answers'), String(user.answer_count)],
  ];
  return (
    <section aria-labelledby="admin-user-heading">
      <Link to="/admin/users" className={linkClass}>
        {t('ui.admin.users.detail.back')}
      </Link>
      <h1 id="admin-user-heading" className="mt-3 flex flex-wrap items-center gap-3 text-2xl font-semibold">
        {t('ui.admin.users.detail.title', { name })} <StatusBadge user={user} />
      </h1>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">@{user.username}</p>
      {user.status === 'suspended' ? (
        <p className="mt-3 text-sm">
          {user.suspended_until >= SUSPENDED_FOREVER_UNTIL
            ? t('ui.admin.users.suspended_forever')
            : t('ui.admin.users.suspended_until', { time: formatUtc(user.suspended_until) })}
          {user.suspended_reason ? ` · ${t('ui.admin.users.reason', { reason: user.suspended_reason })}` : ''}
        </p>
      ) : null}
      <dl className="mt-6 grid max-w-2xl grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-gray-700 dark:text-gray-300">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {user.status !== 'deleted' ? (
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog({ kind: 'status', user })}>
            {t('ui.admin.users.change_status')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'role', user })}>
            {t('ui.admin.users.change_role')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'password', user })}>
            {t('ui.admin.users.set_password')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'profile', user })}>
            {t('ui.admin.users.edit_profile')}
          </Button>
          {user.status === 'inactive' ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'activation', user })}>
              {t('ui.admin.users.activation')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
