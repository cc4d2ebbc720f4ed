import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../components/queryClient.ts';

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
