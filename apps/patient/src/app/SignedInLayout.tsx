import { IconHome, IconShieldLock } from '@tabler/icons-react';
import { Outlet, useNavigate } from 'react-router';
import { useGetAccountSummary } from '@tend/api';
import { useAuth } from '@tend/auth';
import { changeLanguage, LANGUAGES, useTranslation } from '@tend/i18n';
import { AppShell, ServerStatusBanner } from '@tend/ui';
import { paths } from '../paths.ts';

/** The signed-in frame: the shell with navigation and the account menu (security, sign out). */
export function SignedInLayout() {
  const { t } = useTranslation('patient');
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const summary = useGetAccountSummary();
  const name =
    [summary.data?.firstName, summary.data?.lastName].filter(Boolean).join(' ') || user?.email || t('appName');
  return (
    <AppShell
      productName={t('appName')}
      homePath={paths.home}
      navigation={[
        { to: paths.home, label: t('nav.home'), icon: <IconHome size={18} aria-hidden="true" />, end: true },
        { to: paths.security, label: t('nav.security'), icon: <IconShieldLock size={18} aria-hidden="true" /> },
      ]}
      user={{ name, email: user?.email ?? undefined }}
      accountItems={[{ label: t('nav.security'), to: paths.security }]}
      onSignOut={() => {
        // A push, not a replace: Back then leads to the guarded page, whose guard sends it to sign-in again.
        void signOut('user').then(() => navigate(paths.login));
      }}
      languages={LANGUAGES.map((l) => ({ code: l.code, label: t(l.labelKey) }))}
      onLanguageChange={(code) => void changeLanguage(code)}
      banner={<ServerStatusBanner />}
    >
      <Outlet />
    </AppShell>
  );
}
