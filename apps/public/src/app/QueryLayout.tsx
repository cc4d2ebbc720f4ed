import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureErrorReporter, createQueryClient } from '@tend/api/http';

// The api package's own reports (5xx and network failures) name this app.
configureErrorReporter({ reporter: 'public' });

/**
 * One cache for the app's lifetime (the guide configuration is cached per client across navigations), shared
 * with the message-alert banner (components/MessageAlertBanner.tsx). It lives in this lazy chunk rather than a
 * module of its own: that would be a chunk too small to precompress, preloaded by every prerendered page.
 */
export const queryClient = createQueryClient();

/**
 * The routes that call the server or fetch assets sit under this layout. It is its own chunk, loaded in
 * parallel with the page's chunk, so TanStack Query stays out of the initial bundle.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
