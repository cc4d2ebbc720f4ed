import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const myDataPage = () => import('./MyDataPage.tsx');

/** My data: the self-service download of everything Tend keeps about the patient. */
export const myDataRoutes: RouteObject[] = [
  lazyPage('my-data', tk('my-data.title'), myDataPage, 'MyDataPage'),
];
