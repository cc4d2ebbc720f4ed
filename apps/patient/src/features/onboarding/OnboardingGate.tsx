import { Navigate, Outlet } from 'react-router';
import { useFirstRun } from '@tend/domain/patient-metadata';
import { usePendingOnboarding } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';

/**
 * Lets the page through once the first-run welcome is behind the patient (finished or skipped, kept on the
 * server) and they have no onboarding survey left to answer (their organisation offers none, or their
 * response is stored); otherwise sends them to the welcome, then to the survey. Each is asked once per
 * session (cached; finishing updates the cache). If either cannot be read the page is shown anyway: the
 * welcome never stands between a person and the app.
 */
export function OnboardingGate() {
  const { t } = useTranslation('patient');
  const firstRun = useFirstRun();
  const { pending, error } = usePendingOnboarding();
  if (firstRun.pending === undefined && !firstRun.error) return <PageLoader label={t('ui.loading')} />;
  if (firstRun.pending) return <Navigate to={paths.welcomeStart} replace />;
  if (pending === undefined && !error) return <PageLoader label={t('ui.loading')} />;
  if (pending) return <Navigate to={paths.welcome} replace />;
  return <Outlet />;
}
