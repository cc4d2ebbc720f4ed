import { QueryClientProvider } from '@tanstack/react-query';
import { PublicMessageAlertNotices } from '@tend/domain/message-alerts';
import { queryClient } from '../app/QueryLayout.tsx';

/**
 * The current message alerts of the public site (listMessageAlertsForPublic), dismissible, above the page. Its
 * own chunk (TanStack Query and the domain layer with it), loaded only after the page's first paint by
 * PageLayout, so neither the first paint nor the initial bundle carry it.
 */
export default function MessageAlertBanner() {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicMessageAlertNotices />
    </QueryClientProvider>
  );
}
