// Tag safeguarding: each administrator reads the log of the organisations they administer. X's administrator
// looks at patient A's chats first (a safeguarding look-up is logged), so the log of X has an entry the
// other administrator must not see.
import { ORG_X, PATIENT_A, adminsOwn, entry, reveals, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry(
    'listSafeguardingLookups',
    adminsOwn(200),
    async (role, m) => {
      if (role === 'orgAdmin') {
        await m.inject('orgAdmin', {
          method: 'GET',
          url: `/admin/chat/patient%40example.com?reason=${encodeURIComponent('Role matrix: a safeguarding review.')}`,
        });
      }
      return {};
    },
    { check: reveals({ hidden: { otherAdmin: [PATIENT_A, ORG_X] }, shown: { orgAdmin: [PATIENT_A] } }) },
  ),
];
