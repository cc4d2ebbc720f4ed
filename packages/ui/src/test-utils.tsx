import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { commonEn, I18nextProvider, initI18nInMemory, type I18n, type TendApp } from '@tend/i18n';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { TendProvider } from './TendProvider.tsx';
import { installDomPolyfills } from './test/polyfills.ts';

export interface TestTranslations {
  app: TendApp;
  /** The app's English namespace (its src/locales/en.json). */
  resources?: Record<string, unknown>;
  lang?: string;
}

/** An i18n instance with the English resources in memory (no HTTP), ready at once. */
export function createTestI18n(translations: TestTranslations = { app: 'public' }): I18n {
  const { app, resources = {}, lang } = translations;
  return initI18nInMemory({ app, lang, resources: { en: { common: commonEn, [app]: resources } } });
}

/** A QueryClient for one test: no retries, nothing garbage-collected mid-test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The first location (default '/'). */
  route?: string;
  /** The whole history stack, instead of route. */
  initialEntries?: string[];
  /** A route pattern for the element, so useParams works (e.g. '/openid/:client'). */
  path?: string;
  /** Other routes beside it (e.g. the page a redirect leads to). */
  routes?: { path: string; element: ReactNode }[];
  i18n?: I18n;
  translations?: TestTranslations;
  queryClient?: QueryClient;
  /** Forces a colour scheme; default: light, switchable. */
  colorScheme?: 'light' | 'dark';
}

export interface RenderWithProvidersResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  i18n: I18n;
  queryClient: QueryClient;
  /** The router's current location. */
  location: () => Location;
}

/**
 * The one render helper of the apps' tests: Mantine (test env: no transitions, no portals), notifications
 * and modals, i18n with the English resources, a QueryClient and a MemoryRouter.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  installDomPolyfills();
  const {
    route = '/',
    initialEntries,
    path,
    routes = [],
    i18n = createTestI18n(options.translations),
    queryClient = createTestQueryClient(),
    colorScheme,
    translations: _translations,
    ...renderOptions
  } = options;
  const current: { location?: Location } = {};
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const element =
    path || routes.length > 0 ? (
      <Routes>
        <Route path={path ?? '*'} element={ui} />
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
      </Routes>
    ) : (
      ui
    );
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <TendProvider env="test" defaultColorScheme={colorScheme ?? 'light'} forceColorScheme={colorScheme}>
            <MemoryRouter initialEntries={initialEntries ?? [route]}>
              <LocationProbe />
              {children}
            </MemoryRouter>
          </TendProvider>
        </QueryClientProvider>
      </I18nextProvider>
    );
  }
  const user = userEvent.setup();
  const result = render(element, { wrapper: Wrapper, ...renderOptions });
  return {
    ...result,
    user,
    i18n,
    queryClient,
    location: () => {
      if (!current.location) throw new Error('The router has not rendered yet');
      return current.location;
    },
  };
}

export { installDomPolyfills };
export { axeViolations } from './test/axe.ts';

export { layoutForVirtualLists } from './test/layout.ts';
