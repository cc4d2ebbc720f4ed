import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

const handle = { title: tk('journal.title') } satisfies TendRouteHandle;

/** The journal: the list, a new entry, one entry (read and edit). */
export const journalRoutes: RouteObject[] = [
  {
    path: 'journal',
    handle,
    lazy: async () => ({ Component: (await import('./JournalPage.tsx')).JournalPage }),
  },
  {
    path: 'journal/new',
    handle: { title: tk('journal.new') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./JournalEntryPage.tsx')).NewJournalEntryPage }),
  },
  {
    path: 'journal/:momentId',
    handle,
    lazy: async () => ({ Component: (await import('./JournalEntryPage.tsx')).JournalEntryPage }),
  },
];
