import { Navigate, Outlet } from 'react-router';
import { usePendingOnboarding } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';

/**
 * Lets the page through once the patient has no onboarding survey left to answer (their organisation offers
 * none, or their response is stored); otherwise sends them to it. Asked once per session (the list is cached;
 * sending the survey updates it). If the list cannot be read the page is shown anyway: the welcome questions
 * never stand between a person and the app.
 */
export function OnboardingGate() {
  const { t } = useTranslation('patient');
  const { pending, error } = usePendingOnboarding();
  if (pending === undefined && !error) return <PageLoader label={t('ui.loading')} />;
  if (pending) return <Navigate to={paths.welcome} replace />;
  return <Outlet />;
}
