import { TAG_STATUS, type TagDetail } from '@inquire/shared';
import { redirect } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { API_BASE } from '../../lib/http';

/**
 * The tag a `/tags/{tagName}…` address names. A synonym's address redirects to its main tag's
 * (same sub-page and query), so links to a synonym land on the main tag.
 */
export async function loadTag(context: unknown, url: URL, name: string, subPath = ''): Promise<TagDetail> {
  const tag = await fromApi(loaderApi(context).get<TagDetail>(`${API_BASE}/tag`, { name }), url);
  if (tag.main_tag_slug_name && tag.main_tag_slug_name !== name) {
    throw redirect(`/tags/${encodeURIComponent(tag.main_tag_slug_name)}${subPath}${url.search}`, 301);
  }
  return tag;
}

export const isDeletedTag = (tag: TagDetail) => tag.status === TAG_STATUS.deleted;
