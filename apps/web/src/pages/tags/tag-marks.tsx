import { Badge } from '../../components/ui/badge';
import { useTranslation } from '../../lib/translation';

/** The reserved / recommended marks of site_write, as the server reports them. */
export function TagMarks({ tag }: { tag: { reserved: boolean; recommend: boolean } }) {
  const { t } = useTranslation();
  if (tag.reserved) return <Badge kind="warning">{t('ui.tags.reserved')}</Badge>;
  if (tag.recommend) return <Badge kind="success">{t('ui.tags.recommended')}</Badge>;
  return null;
}
