// Tag join: joining an organisation as a patient at sign-up. The code check is public. Joining is for a
// signed-in account that is not a patient yet. Both patients already are: asking for an e-mail code answers
// 409 already_member, joining their own organisation again answers their membership (200). The
// therapists, administrators and the data-export account work in Tend as staff and may not make themselves
// patients: 409 staff_account (the contract's answer for an account that cannot join). Joining by a new
// account succeeds (src/modules/join/join.test.ts).
import { entry, everyone, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('checkOrganisationAccessCode', everyone(200), () => ({ query: { code: 'TENDHEALTH' } })),
  entry('startJoinEmailChallenge', [401, 409, 409, 409, 409, 409, 409, 409, 409]),
  entry('joinOrganisation', [401, 200, 200, 409, 409, 409, 409, 409, 409], () => ({
    body: { accessCode: 'TENDHEALTH' },
  })),
];
