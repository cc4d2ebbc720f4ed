/**
 * The libraries' floor (a bench fixture, `npm run bench -- bundles`): the smallest app a portal's first view
 * could be, built with the apps' own Vite preset. It renders one trivial page with every library each portal's
 * first view needs, each used the way a portal uses it: React and React DOM, React Router's data router,
 * Mantine with its provider (a title, a line of text and a button), TanStack Query with its provider and one
 * query, and i18next through react-i18next. Its initial JavaScript is what no portal can go below; the bench
 * prints each app's against it.
 */
import {
  Button as PolymorphicButton,
  Container,
  MantineProvider,
  Stack,
  Text as PolymorphicText,
  Title,
  type ButtonProps,
  type TextProps,
} from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement as h, StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';

// Mantine's polymorphic components, as createElement (this file has no JSX) can type them.
const Text = PolymorphicText as ComponentType<TextProps & { children?: ReactNode }>;
const Button = PolymorphicButton as ComponentType<
  ButtonProps & { onClick?: () => void; children?: ReactNode }
>;

function Page() {
  const { t } = useTranslation();
  const greeting = useQuery({ queryKey: ['greeting'], queryFn: async () => t('greeting') });
  return h(
    Container,
    { size: 'sm', py: 'xl' },
    h(
      Stack,
      null,
      h(Title, { order: 1 }, t('title')),
      h(Text, null, greeting.data ?? '…'),
      h(Button, { onClick: () => void greeting.refetch() }, t('again')),
    ),
  );
}

await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { title: 'Floor', greeting: 'Hello', again: 'Again' } } },
});
const router = createBrowserRouter([{ path: '*', Component: Page }]);
const queryClient = new QueryClient();
createRoot(document.getElementById('root')!).render(
  h(
    StrictMode,
    null,
    h(
      MantineProvider,
      { withCssVariables: false, withGlobalClasses: false },
      h(QueryClientProvider, { client: queryClient }, h(RouterProvider, { router })),
    ),
  ),
);
