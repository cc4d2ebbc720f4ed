import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

const path = (p: string) => p.replace(/^\//, '');
const child = (p: string) => p.replace(`${paths.patient}/`, '');

/** A patient's record: the header (who, risk, care team, actions) and its tabs. */
export const patientRecordRoutes: RouteObject[] = [
  {
    path: path(paths.patient),
    handle: { title: tk('titles.patient') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./PatientRecordLayout.tsx')).PatientRecordLayout }),
    children: [
      {
        index: true,
        handle: { title: tk('titles.timeline') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./TimelineTab.tsx')).TimelineTab }),
      },
      {
        path: child(paths.patientMeasures),
        handle: { title: tk('titles.measures') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./MeasuresTab.tsx')).MeasuresTab }),
      },
      {
        path: child(paths.patientNotes),
        handle: { title: tk('titles.notes') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./NotesTab.tsx')).NotesTab }),
      },
      {
        path: child(paths.patientRisk),
        handle: { title: tk('titles.riskHistory') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./RiskHistoryTab.tsx')).RiskHistoryTab }),
      },
      {
        path: child(paths.patientSafetyPlan),
        handle: { title: tk('titles.safetyPlan') } satisfies TendRouteHandle,
        lazy: async () => ({ Component: (await import('./SafetyPlanTab.tsx')).SafetyPlanTab }),
      },
    ],
  },
];
