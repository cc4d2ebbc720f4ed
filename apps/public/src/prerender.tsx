/**
 * The build's prerender entry (packages/config/src/prerender.ts): renders an entry page of the public site
 * (PRERENDERED_PAGES in packages/config/src/hosting.ts) to HTML in Node, as the browser's first render shows
 * it: English, the public host, nothing loaded from the network yet.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { PrerenderRender } from '@tend/config/prerender';
import { initI18nInMemory } from '@tend/i18n';
import { routeTitle, routerReady } from '@tend/ui';
import { App } from './app/App.tsx';
import { createRoutes } from './app/routes.tsx';

export const render: PrerenderRender = async ({ url, translations }) => {
  const i18n = initI18nInMemory({ app: 'public', resources: { en: translations as never } });
  const router = createMemoryRouter(createRoutes(false), { initialEntries: [url] });
  await routerReady(router);
  const { prelude } = await prerender(<App i18n={i18n} router={router} />);
  const html = await new Response(prelude).text();
  const t = i18n.getFixedT('en', 'public') as unknown as (key: string) => string;
  return {
    html,
    title: routeTitle(
      router.state.matches.map((m) => ({ handle: m.route.handle })),
      t,
      i18n.getFixedT('en', 'common')('ProductName'),
    ),
  };
};
