import type { ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import type { RouteTitle, TendRouteHandle } from './routes.ts';

/**
 * A feature's page as a route: its path, its title (a key of the app's words, announced on arrival) and its
 * component, loaded with its module when the page is first visited, in a chunk of its own: `load` imports the
 * module, `name` is the component's export there (checked against the module's exports). Every app's feature
 * routes are made with it; a route with a guard or children spells out its object.
 */
export function lazyPage<N extends string>(
  path: string,
  title: RouteTitle,
  load: () => Promise<Record<NoInfer<N>, ComponentType>>,
  name: N,
): NonIndexRouteObject {
  return {
    path,
    handle: { title } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await load())[name] }),
  };
}
