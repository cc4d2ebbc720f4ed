import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '@tend/api';
import { createAuthClient, type IdentityApi, type IdentityPort } from '@tend/auth';
import { initI18nInMemory } from '@tend/i18n';
import { routeTitle, routerReady } from '@tend/ui';
import type { Portal } from './createPortal.tsx';
import { PortalApp } from './PortalApp.tsx';

/** A visitor with no session: what every prerendered page is rendered for. */
const signedOut: IdentityPort = {
  onSessionChanged(listener) {
    listener(null);
    return () => {};
  },
  passwordSignIn: () => Promise.reject(new Error('not while prerendering')),
  signInWithCustomToken: () => Promise.reject(new Error('not while prerendering')),
  getIdToken: async () => undefined,
  signOut: async () => {},
};

const noServer = new Proxy({} as IdentityApi, {
  get: () => () => Promise.reject(new Error('not while prerendering')),
});

/**
 * Renders a portal page to HTML at build time (an app's `src/prerender.tsx`, see @tend/config/prerender) as the
 * browser's first render shows it to a signed-out visitor: English, nothing loaded from the server.
 */
export async function prerenderPortal(
  portal: Portal,
  { url, translations }: { url: string; translations: Record<string, unknown> },
): Promise<{ html: string; title: string }> {
  const i18n = initI18nInMemory({ app: portal.app, resources: { en: translations as never } });
  const queryClient = createQueryClient();
  const auth = createAuthClient({
    identity: signedOut,
    api: noServer,
    scopes: portal.scopes,
    storage: undefined,
  });
  const router = createMemoryRouter(portal.guardedRoutes(auth), { initialEntries: [url] });
  await routerReady(router);
  const { prelude } = await prerender(
    <PortalApp portal={portal} i18n={i18n} queryClient={queryClient} auth={auth} router={router} />,
  );
  const html = await new Response(prelude).text();
  // Keys of the app's namespace and `ns:key` titles: untyped here, as in useAppText.
  const translate = i18n.t.bind(i18n) as unknown as (key: string, options?: { ns?: string }) => string;
  const appName = translate(portal.texts.appName, { ns: portal.app });
  const title = routeTitle(
    router.state.matches.map((m) => ({ handle: m.route.handle, params: m.params })),
    (key) => translate(key),
    appName,
  );
  return { html, title };
}
