// Tag contact: public contact requests (callback and check-in with the demo client's contact token).
import { entry, everyone, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('requestAccess', everyone(202), () => ({
    params: { type: 'patient' },
    query: { message: 'Please let me in.', email: 'someone@example.org', isContactable: true },
  })),
  entry('requestCallback', everyone(202), () => ({
    query: { token: 'demo-contact-token', callbackGroup: 'general' },
    body: { name: 'Sam', phone: '+44 20 7946 0000' },
  })),
  entry('requestCheckIn', everyone(202), () => ({
    query: { token: 'demo-contact-token' },
    body: { name: 'Sam', message: 'Please check in on me.' },
  })),
];
