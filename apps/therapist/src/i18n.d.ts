import type en from './locales/en.json';
import type appointments from './features/appointments/locales/en.json';
import type chats from './features/chats/locales/en.json';
import type intake from './features/intake/locales/en.json';

/** The app's namespace: src/locales/en.json plus each feature's words under its name (see @tend/i18n). */
declare module '@tend/i18n' {
  interface TendResources {
    therapist: typeof en & {
      appointments: typeof appointments;
      chats: typeof chats;
      intake: typeof intake;
    };
  }
}
