/**
 * The dashboard's shell: sign-in until there is a session, then a navigation bar and one page per
 * route. Page titles name the page only (never a query or content).
 */
import { useEffect, useState } from 'preact/hooks';
import { whenUnauthorized } from './api/client';
import { clearSession, loadSession } from './api/session';
import { ConsolidationPage } from './pages/consolidation.page';
import { ForgettingPage } from './pages/forgetting.page';
import { MemoryPage } from './pages/memory.page';
import { NamespacePage } from './pages/namespace.page';
import { SearchPage } from './pages/search.page';
import { SignInPage } from './pages/sign-in.page';
import { TrashPage } from './pages/trash.page';
import { WorkerPage } from './pages/worker.page';
import { useRoute, type Route } from './router';

const NAVIGATION: { page: Route['page']; label: string }[] = [
  { page: 'search', label: 'Search' },
  { page: 'consolidation', label: 'Consolidation' },
  { page: 'forgetting', label: 'Auto-forgetting' },
  { page: 'trash', label: 'Trash' },
  { page: 'worker', label: 'Worker' },
  { page: 'namespace', label: 'Namespace' },
];

const TITLES: Record<Route['page'], string> = {
  search: 'Search',
  memory: 'Memory',
  consolidation: 'Consolidation',
  forgetting: 'Auto-forgetting',
  trash: 'Trash',
  worker: 'Worker',
  namespace: 'Namespace',
};

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'search':
      return <SearchPage />;
    case 'memory':
      return <MemoryPage id={route.id} />;
    case 'consolidation':
      return <ConsolidationPage />;
    case 'forgetting':
      return <ForgettingPage />;
    case 'trash':
      return <TrashPage />;
    case 'worker':
      return <WorkerPage />;
    case 'namespace':
      return <NamespacePage />;
  }
}

export function App() {
  const [signedIn, setSignedIn] = useState(() => loadSession() !== null);
  const route = useRoute();
  useEffect(() => whenUnauthorized(() => setSignedIn(false)), []);
  useEffect(() => {
    document.title = signedIn ? `${TITLES[route.page]} · kioku dashboard` : 'Sign in · kioku dashboard';
  }, [route, signedIn]);
  useEffect(() => {
    performance.mark('kioku:first-render');
  }, []);

  if (!signedIn) return <SignInPage onSignedIn={() => setSignedIn(true)} />;
  return (
    <>
      <a
        class="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <span class="brand">kioku</span>
        <nav aria-label="Dashboard">
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.page}>
                <a href={`#/${item.page}`} aria-current={route.page === item.page ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            clearSession();
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </>
  );
}
