import { configureErrorReporter, createQueryClient } from '@tend/api/http';

// The api package's own reports (5xx and network failures) name this app.
configureErrorReporter({ reporter: 'public' });

/**
 * The site's one TanStack Query cache, for its lifetime (the guide configuration is cached per client across
 * navigations). Only lazy chunks import it (QueryLayout, the message-alert banner): it stays out of the
 * initial bundle.
 */
export const queryClient = createQueryClient();
