import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { useRouteLoaderData } from 'react-router';
import type { Session } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { SearchIcon } from '../../components/icons';
import { LanguagePicker, SchemePicker } from '../../components/pickers';
import { Alert } from '../../components/ui/alert';
import { Badge, TagChip } from '../../components/ui/badge';
import { Button, IconButton, linkClass } from '../../components/ui/button';
import { Card, EmptyState } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, RadioGroup, SelectField, Switch, TextArea, TextField } from '../../components/ui/field';
import { Menu } from '../../components/ui/menu';
import { Pagination } from '../../components/ui/pagination';
import { Popover } from '../../components/ui/popover';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { Tooltip } from '../../components/ui/tooltip';
import { toast } from '../../lib/ui-events';
import { SAMPLE_MARKDOWN_HTML, SAMPLE_TAGS } from './design-samples';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-gray-200 pt-6 dark:border-gray-800">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Admin → Design gallery: every component in every state, for people and for the e2e checks. */
export function DesignGalleryPage() {
  const { t } = useTranslation();
  const { site, user } = useRouteLoaderData('root') as Session;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [avatar, setAvatar] = useState('system');
  const [registrations, setRegistrations] = useState(true);
  const [tags, setTags] = useState<TagOption[]>([SAMPLE_TAGS[0] as TagOption]);
  const suggest = async (query: string) => SAMPLE_TAGS.filter((tag) => tag.slug_name.includes(query.toLowerCase()));
  const d = (key: string, vars?: Record<string, unknown>) => t(`ui.design.${key}`, vars);

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold">{d('title')}</h1>
        <p className="mt-1 text-gray-700 dark:text-gray-300">{d('intro')}</p>
      </header>

      <Section title={d('buttons')}>
        <div className="flex flex-wrap items-center gap-3">
          <Button>{d('primary')}</Button>
          <Button variant="secondary">{d('secondary')}</Button>
          <Button variant="ghost">{d('ghost')}</Button>
          <Button variant="danger">{d('danger')}</Button>
          <Button variant="link">{d('link')}</Button>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button size="sm">{d('small')}</Button>
          <Button size="lg">{d('large')}</Button>
          <Button loading>{d('loading')}</Button>
          <Button disabled>{d('disabled')}</Button>
          <IconButton label={d('icon_button')}>
            <SearchIcon />
          </IconButton>
          <a href="#gallery" className={linkClass}>
            {d('link')}
          </a>
        </div>
      </Section>

      <Section title={d('fields')}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField label={d('text')} help={d('text_help')} defaultValue={user?.display_name ?? ''} />
          <TextField label={d('text')} error={d('text_error')} defaultValue={'x'.repeat(31)} />
          <TextField label={d('text')} disabled defaultValue={d('disabled')} />
          <SelectField
            label={d('select')}
            defaultValue="newest"
            options={['newest', 'active', 'frequent', 'score', 'unanswered'].map((v) => ({ value: v, label: v }))}
          />
          <TextArea label={d('textarea')} help={d('text_help')} />
          <div className="space-y-4">
            <Checkbox label={d('checkbox')} defaultChecked />
            <RadioGroup
              legend={d('radio')}
              name="gallery-avatar"
              value={avatar}
              onChange={setAvatar}
              options={[
                { value: 'system', label: d('radio_system') },
                { value: 'gravatar', label: d('radio_gravatar') },
              ]}
            />
            <Switch label={d('switch')} checked={registrations} onChange={setRegistrations} />
          </div>
          <TagInput
            label={d('tags')}
            placeholder={d('tags_placeholder')}
            value={tags}
            onChange={setTags}
            suggest={suggest}
            removeLabel={(tag) => d('remove_tag', { tag })}
          />
        </div>
      </Section>

      <Section title={d('overlays')}>
        <div className="flex flex-wrap items-center gap-3">
          <Menu
            trigger={<Button variant="secondary">{d('menu')}</Button>}
            align="start"
            entries={[
              { kind: 'action', label: d('menu_edit'), onSelect: () => undefined },
              { kind: 'action', label: d('menu_share'), onSelect: () => undefined },
              { kind: 'separator' },
              { kind: 'action', label: d('menu_delete'), onSelect: () => undefined, danger: true },
            ]}
          />
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            {d('open_dialog')}
          </Button>
          <Tooltip content={d('tooltip_text')}>
            <Button variant="secondary">{d('tooltip')}</Button>
          </Tooltip>
          <Popover label={d('popover')} trigger={<Button variant="secondary">{d('popover')}</Button>}>
            {d('popover_text')}
          </Popover>
          <Button variant="secondary" onClick={() => toast(d('toast_text'))}>
            {d('show_toast')}
          </Button>
        </div>
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title={d('dialog_title')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                {t('ui.dialog.cancel')}
              </Button>
              <Button onClick={() => setDialogOpen(false)}>{t('ui.dialog.confirm')}</Button>
            </>
          }
        >
          {d('dialog_text')}
        </Dialog>
      </Section>

      <Section title={d('tabs')}>
        <Tabs
          label={d('tabs')}
          items={[
            { value: 'answers', label: d('tab_answers'), content: <p>{d('tab_answers_text')}</p> },
            { value: 'questions', label: d('tab_questions'), content: <p>{d('tab_questions_text')}</p> },
          ]}
        />
      </Section>

      <Section title={d('feedback')}>
        <div className="space-y-3">
          <Alert kind="info">{d('alert_info')}</Alert>
          <Alert kind="success">{d('alert_success')}</Alert>
          <Alert kind="warning">{d('alert_warning')}</Alert>
          <Alert kind="danger">{d('alert_danger')}</Alert>
          <ProgressBar value={60} label={d('progress')} />
          <div className="flex items-center gap-4">
            <Spinner size="sm" />
            <Spinner />
            <Spinner size="lg" label={t('ui.loading')} />
          </div>
          <Skeleton label={d('skeleton')} delayMs={0} />
        </div>
      </Section>

      <Section title={d('content')}>
        <div className="grid gap-4 md:grid-cols-2">
          <Card title={d('card_title')}>{d('card_text')}</Card>
          <EmptyState
            title={d('empty_title')}
            text={d('empty_text')}
            action={<Button size="sm">{t('ui.nav.ask')}</Button>}
          />
        </div>
      </Section>

      <Section title={d('badges')}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{d('badge_closed')}</Badge>
          <Badge kind="warning">{d('badge_pinned')}</Badge>
          <Badge kind="danger">{d('badge_deleted')}</Badge>
          <Badge kind="success">{d('badge_accepted')}</Badge>
          <Badge kind="primary">{d('primary')}</Badge>
          {SAMPLE_TAGS.slice(0, 3).map((tag) => (
            <TagChip key={tag.slug_name} slug={tag.slug_name} name={tag.display_name} />
          ))}
          <TagChip slug="meta" name="meta" reserved />
        </div>
      </Section>

      <Section title={d('pagination')}>
        <Pagination
          page={5}
          pageSize={10}
          total={200}
          href={(n) => `/admin/design?page=${n}`}
          labels={{ nav: d('pagination'), previous: d('previous'), next: d('next'), page: (n) => d('page_n', { n }) }}
        />
      </Section>

      <Section title={d('avatars')}>
        <div className="flex items-center gap-3">
          <Avatar src="" name={user?.display_name ?? 'A'} size={24} />
          <Avatar src="" name={user?.display_name ?? 'A'} size={32} />
          <Avatar src="" name={site.general.name} size={48} />
        </div>
      </Section>

      <Section title={d('markdown')}>
        <div
          className="prose max-w-none dark:prose-invert"
          dangerouslySetInnerHTML={{ __html: SAMPLE_MARKDOWN_HTML }}
        />
      </Section>

      <Section title={d('pickers')}>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <LanguagePicker />
          <SchemePicker fallback={site.theme.color_scheme} />
        </div>
      </Section>
    </div>
  );
}
