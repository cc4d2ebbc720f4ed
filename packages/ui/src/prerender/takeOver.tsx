import { startTransition, useLayoutEffect, type ReactNode } from 'react';
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

/** Makes #root interactive once the app's first render is on screen (before the browser paints it). */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  }, [container]);
  return children;
}

/**
 * Switches on the stylesheets a prerendered page deferred (`media="print"`, `data-tend-deferred`: the app's
 * whole stylesheets, fetched without blocking the first paint, which needed only the page's critical rules),
 * and resolves once they apply. Nothing to do on a page that was not prerendered.
 */
export function loadDeferredStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-tend-deferred]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const done = () => {
            link.removeAttribute('data-tend-deferred');
            resolve();
          };
          link.media = 'all';
          if (link.sheet) done();
          else {
            link.addEventListener('load', done, { once: true });
            link.addEventListener('error', done, { once: true });
          }
        }),
    ),
  ).then(() => undefined);
}

/**
 * Renders the app into #root, once the deferred stylesheets apply. A prerendered page (#root holds its markup,
 * inert so nothing can be clicked or submitted before the app runs) stays on screen until the first render is committed, which replaces it with
 * the same page, live, in one commit: nothing moves, then it is interactive. The first render is a transition,
 * so React renders it in slices between which the browser stays responsive, instead of one long task.
 */
export async function mountApp(
  app: ReactNode,
  container: HTMLElement | null = document.getElementById('root'),
): Promise<Root> {
  if (!container) throw new Error('No #root element');
  await loadDeferredStylesheets();
  const root = createRoot(container);
  startTransition(() => root.render(<TakeOver container={container}>{app}</TakeOver>));
  return root;
}
