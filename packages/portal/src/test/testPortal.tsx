// A portal for the package's own tests: the therapist app's scopes, a home page and one navigation entry of its own.
import { IconUsers } from '@tabler/icons-react';
import { rules } from '@tend/auth';
import { createPortal } from '../createPortal.tsx';
import type { PortalOptions } from '../types.ts';
import { PortalGreeting } from '../PortalGreeting.tsx';

export const testTranslations = {
  appName: 'Tend Test',
  titles: { home: 'Home', caseload: 'Caseload', about: 'About' },
  nav: { caseload: 'Caseload' },
  signIn: { intro: 'The test console.' },
  security: { intro: 'Keep a second factor.' },
  home: { intro: 'Your test home.' },
};

function HomePage() {
  return <PortalGreeting intro="home.intro" />;
}

export const testPortalOptions: PortalOptions = {
  app: 'therapist',
  routes: [
    { index: true, handle: { title: 'titles.home' }, Component: HomePage },
    { path: 'caseload', handle: { title: 'titles.caseload' }, Component: () => <h1>Caseload</h1> },
  ],
  publicRoutes: [
    {
      path: 'about',
      handle: { title: 'titles.about', guard: rules.public },
      Component: () => <h1>About the test console</h1>,
    },
  ],
  navigation: [{ to: '/caseload', label: 'nav.caseload', icon: <IconUsers size={18} aria-hidden="true" /> }],
  texts: { appName: 'appName', signInIntro: 'signIn.intro', securityIntro: 'security.intro' },
};

export const testPortal = createPortal(testPortalOptions);
