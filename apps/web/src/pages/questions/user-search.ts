import type { UserSearchHit } from '@inquire/shared';
import { useEffect, useState } from 'react';
import { API_BASE, http } from '../../lib/http';

/** Members whose username or name starts with `text` (user/info/search: five, never the caller). */
export function useUserSearch(text: string): UserSearchHit[] {
  const [hits, setHits] = useState<UserSearchHit[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setHits([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void http
        .get<UserSearchHit[]>(`${API_BASE}/user/info/search`, { params: { username: query }, silent: true })
        .then((list) => current && setHits(list))
        .catch(() => current && setHits([]));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return hits;
}
