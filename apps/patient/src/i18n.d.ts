import type en from './locales/en.json';
import type account from './features/account/locales/en.json';
import type appointments from './features/appointments/locales/en.json';
import type careTeam from './features/care-team/locales/en.json';
import type cbt from './features/cbt/locales/en.json';
import type chat from './features/chat/locales/en.json';
import type checkup from './features/checkup/locales/en.json';
import type exercises from './features/exercises/locales/en.json';
import type goals from './features/goals/locales/en.json';
import type handover from './features/handover/locales/en.json';
import type journal from './features/journal/locales/en.json';
import type myData from './features/my-data/locales/en.json';
import type offline from './features/offline/locales/en.json';
import type offered from './features/offered/locales/en.json';
import type onboarding from './features/onboarding/locales/en.json';
import type progress from './features/progress/locales/en.json';
import type safetyPlan from './features/safety-plan/locales/en.json';
import type screening from './features/screening/locales/en.json';
import type surveys from './features/surveys/locales/en.json';
import type timeline from './features/timeline/locales/en.json';
import type today from './features/today/locales/en.json';
import type welfareContact from './features/welfare-contact/locales/en.json';

/** The app's namespace: src/locales/en.json plus each feature's words under its name (see @tend/i18n). */
declare module '@tend/i18n' {
  interface TendResources {
    patient: typeof en & {
      account: typeof account;
      appointments: typeof appointments;
      'care-team': typeof careTeam;
      cbt: typeof cbt;
      chat: typeof chat;
      checkup: typeof checkup;
      exercises: typeof exercises;
      goals: typeof goals;
      handover: typeof handover;
      journal: typeof journal;
      'my-data': typeof myData;
      offline: typeof offline;
      offered: typeof offered;
      onboarding: typeof onboarding;
      progress: typeof progress;
      'safety-plan': typeof safetyPlan;
      screening: typeof screening;
      surveys: typeof surveys;
      timeline: typeof timeline;
      today: typeof today;
      'welfare-contact': typeof welfareContact;
    };
  }
}
