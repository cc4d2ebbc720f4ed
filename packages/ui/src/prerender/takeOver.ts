import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/** What routerReady needs of a data router (createBrowserRouter / createMemoryRouter). */
export interface ReadyRouter {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: (state: ReadyRouter['state']) => void): () => void;
}

const isReady = (state: ReadyRouter['state']) => state.initialized && state.navigation.state === 'idle';

/**
 * Resolves once a data router has loaded what the current location needs (lazy route modules, loaders), so
 * the first render shows the page itself rather than an empty frame: the prerender renders the page this
 * way, and the app takes over a prerendered page without anything disappearing in between.
 */
export function routerReady(router: ReadyRouter): Promise<void> {
  if (isReady(router.state)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!isReady(state)) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the app into #root in one synchronous commit. A prerendered page (#root holds its markup, inert so
 * nothing can be clicked or submitted before the app runs) is replaced by the same page, live, in that commit:
 * nothing moves on screen, then it becomes interactive.
 */
export function mountApp(app: ReactNode, container: HTMLElement | null = document.getElementById('root')): Root {
  if (!container) throw new Error('No #root element');
  const root = createRoot(container);
  flushSync(() => root.render(app));
  container.removeAttribute('inert');
  container.removeAttribute('data-prerendered');
  return root;
}
