/**
 * Hash routes: `#/search`, `#/memory/<id>`, `#/trash`, … A route names a page and at most a memory
 * id — never a query or content, which live in the page's state only (URLs end up in histories).
 */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'search' }
  | { page: 'memory'; id: string }
  | { page: 'trash' }
  | { page: 'consolidation' }
  | { page: 'forgetting' }
  | { page: 'worker' }
  | { page: 'namespace' };

const SIMPLE_PAGES = ['search', 'trash', 'consolidation', 'forgetting', 'worker', 'namespace'] as const;

function parseRoute(hash: string): Route {
  const [page, id] = hash.replace(/^#\/?/, '').split('/');
  if (page === 'memory' && id && /^[A-Za-z0-9_-]{1,64}$/.test(id)) return { page: 'memory', id };
  const simple = SIMPLE_PAGES.find((name) => name === page);
  return { page: simple ?? 'search' };
}

export const memoryHref = (id: string) => `#/memory/${encodeURIComponent(id)}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
