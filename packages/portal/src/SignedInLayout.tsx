import { IconHome, IconShieldLock } from '@tabler/icons-react';
import { Outlet, useNavigate } from 'react-router';
import { useGetAccountSummary } from '@tend/api';
import { useSaveLanguage } from '@tend/domain/account';
import { LANGUAGES } from '@tend/i18n';
import { AppShell, ServerStatusBanner, type ShellNavItem } from '@tend/ui';
import { usePortalTranslation } from './i18n.ts';
import { useAuth } from '@tend/auth';
import { usePortal, usePortalText } from './context.ts';
import { portalPaths } from './paths.ts';
import { useAccountLanguage } from './accountLanguage.ts';

const iconProps = { size: 18, 'aria-hidden': true } as const;
const offerEverything = () => () => true;

/** The signed-in frame of a portal: the shell with Home, the app's entries and Security, and the account menu. */
export function SignedInLayout() {
  const portal = usePortal();
  const text = usePortalText();
  const { t, tp } = usePortalTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const summary = useGetAccountSummary();
  const saveLanguage = useSaveLanguage();
  const pickedLanguage = useAccountLanguage(summary.data?.language, portal.languages);
  const useFeatureOffered = portal.useFeatureOffered ?? offerEverything;
  const offered = useFeatureOffered();
  const appName = text(portal.texts.appName);
  const HeaderActions = portal.headerActions;
  const name =
    [summary.data?.firstName, summary.data?.lastName].filter(Boolean).join(' ') || user?.email || appName;
  const navigation: ShellNavItem[] = [
    { to: portalPaths.home, label: tp('nav.home'), icon: <IconHome {...iconProps} />, end: true },
    ...portal.navigation
      .filter((item) => !item.scope || (user?.scopes ?? []).includes(item.scope))
      .filter((item) => !item.feature || offered(item.feature))
      .map(({ badge: Badge, scope: _scope, feature: _feature, ...item }) => ({
        ...item,
        label: text(item.label),
        badge: Badge ? <Badge /> : undefined,
      })),
    { to: portalPaths.security, label: tp('nav.security'), icon: <IconShieldLock {...iconProps} /> },
  ];
  return (
    <AppShell
      productName={appName}
      homePath={portalPaths.home}
      navigation={navigation}
      user={{ name, email: user?.email ?? undefined }}
      accountItems={[{ label: tp('nav.security'), to: portalPaths.security }]}
      onSignOut={() => {
        // A push, not a replace: Back then leads to the guarded page, whose guard sends it to sign-in again.
        void signOut('user').then(() => navigate(portalPaths.login));
      }}
      languages={LANGUAGES.filter((l) => portal.languages.includes(l.code)).map((l) => ({
        code: l.code,
        label: t(l.labelKey),
      }))}
      // The picker has switched the interface; the account keeps the choice for its other devices and e-mails.
      onLanguageChange={(code) => {
        pickedLanguage(code);
        if (code !== summary.data?.language) saveLanguage.mutate({ params: { language: code } });
      }}
      banner={<ServerStatusBanner />}
      headerActions={HeaderActions ? <HeaderActions /> : undefined}
    >
      <Outlet />
    </AppShell>
  );
}
