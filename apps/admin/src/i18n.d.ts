import type en from './locales/en.json';
import type messageAlerts from './features/message-alerts/locales/en.json';
import type organisations from './features/organisations/locales/en.json';
import type safeguarding from './features/safeguarding/locales/en.json';
import type dashboards from './features/dashboards/locales/en.json';
import type userData from './features/user-data/locales/en.json';
import type reports from './features/reports/locales/en.json';
import type surveys from './features/surveys/locales/en.json';
import type staff from './features/staff/locales/en.json';
import type intake from './features/intake/locales/en.json';
import type home from './features/home/locales/en.json';

/** The app's namespace: src/locales/en.json plus each feature's words under its name (see @tend/i18n). */
declare module '@tend/i18n' {
  interface TendResources {
    admin: typeof en & {
      'message-alerts': typeof messageAlerts;
      organisations: typeof organisations;
      safeguarding: typeof safeguarding;
      dashboards: typeof dashboards;
      'user-data': typeof userData;
      reports: typeof reports;
      surveys: typeof surveys;
      staff: typeof staff;
      intake: typeof intake;
      home: typeof home;
    };
  }
}
