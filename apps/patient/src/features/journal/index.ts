import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const journalPage = () => import('./JournalPage.tsx');
const journalEntryPage = () => import('./JournalEntryPage.tsx');

/** The journal: the list, a new entry, one entry (read and edit). */
export const journalRoutes: RouteObject[] = [
  lazyPage('journal', tk('journal.title'), journalPage, 'JournalPage'),
  lazyPage('journal/new', tk('journal.new'), journalEntryPage, 'NewJournalEntryPage'),
  lazyPage('journal/:momentId', tk('journal.title'), journalEntryPage, 'JournalEntryPage'),
];
