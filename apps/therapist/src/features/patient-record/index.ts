import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { lazyPage } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

const path = (p: string) => p.replace(/^\//, '');
const child = (p: string) => p.replace(`${paths.patient}/`, '');
const layout = () => import('./PatientRecordLayout.tsx');
const measures = () => import('./MeasuresTab.tsx');
const notes = () => import('./NotesTab.tsx');
const riskHistory = () => import('./RiskHistoryTab.tsx');
const safetyPlan = () => import('./SafetyPlanTab.tsx');

/** A patient's record: the header (who, risk, care team, actions) and its tabs. */
export const patientRecordRoutes: RouteObject[] = [
  {
    ...lazyPage(path(paths.patient), tk('titles.patient'), layout, 'PatientRecordLayout'),
    children: [
      {
        index: true,
        handle: { title: tk('titles.timeline') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./TimelineTab.tsx')).TimelineTab }),
      },
      lazyPage(child(paths.patientMeasures), tk('titles.measures'), measures, 'MeasuresTab'),
      lazyPage(child(paths.patientNotes), tk('titles.notes'), notes, 'NotesTab'),
      lazyPage(child(paths.patientRisk), tk('titles.riskHistory'), riskHistory, 'RiskHistoryTab'),
      lazyPage(child(paths.patientSafetyPlan), tk('titles.safetyPlan'), safetyPlan, 'SafetyPlanTab'),
    ],
  },
];
