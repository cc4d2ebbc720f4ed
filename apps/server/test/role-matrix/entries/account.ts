// Tag account: every signed-in user's own account (the patient record for patients only); the password
// reset request is public and answers the same whether or not an account exists.
import { signedInAs } from '../firebase.ts';
import {
  entry,
  everyone,
  patientsOwn,
  signedIn,
  uidOf,
  type Entry,
  type MatrixContext,
  type Role,
} from '../roles.ts';

/** The id of the confirmation link last mailed to `address`. */
async function confirmationId(m: MatrixContext, address: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = m.t.mailer.catcher?.list(address).at(-1);
    const id = mail ? /confirm-email\?id=([^\s"&<]+)/.exec(mail.text)?.[1] : undefined;
    if (id) return decodeURIComponent(id);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation mail to ${address}`);
}

/** The answer is about the caller's own account. */
const ownUid = (role: Role, body: unknown) =>
  JSON.stringify(body).includes(`"${uidOf(role)}"`)
    ? undefined
    : `not the caller's own account (${uidOf(role)})`;

export const entries: Entry[] = [
  entry('getAccountSummary', signedIn(200), () => ({}), { check: ownUid, colleague: 'none' }),
  // The caller's names sent back as they are (no change that other entries could see).
  entry('updateUserName', signedIn(200), async (role, m) => {
    const uid = uidOf(role);
    const user = uid
      ? await m.t.db
          .selectFrom('users')
          .select(['first_name', 'last_name'])
          .where('id', '=', uid)
          .executeTakeFirst()
      : undefined;
    return { query: { firstName: user?.first_name ?? 'Sam', lastName: user?.last_name ?? 'Taylor' } };
  }),
  entry('updateScreenName', signedIn(200), () => ({ query: { screenName: 'Matrix' } })),
  entry('updateLanguage', signedIn(200), () => ({ query: { language: 'en' } })),
  entry('getPatientRecord', patientsOwn(200), () => ({}), { check: ownUid }),
  entry('requestPasswordChange', everyone(202), () => ({ query: { emailAddress: 'nobody@example.org' } })),
  entry('requestAccountDeletion', signedIn(202)),
  // E-mail changes (Firebase Auth: new accounts of each role, see ../firebase.ts).
  entry(
    'requestEmailChange',
    signedIn(202),
    async (role, m) => {
      const { headers, who } = await signedInAs(m, role);
      return { headers, query: { email: `new-${who?.uid ?? 'nobody'}@matrix.example` } };
    },
    { firebase: true },
  ),
  entry(
    'confirmEmailChange',
    signedIn(200),
    async (role, m) => {
      const { headers, who } = await signedInAs(m, role);
      if (!who) return { query: { id: 'not-a-confirmation' } };
      const address = `new-${who.uid}@matrix.example`;
      const asked = await m.t.app.inject({
        method: 'POST',
        url: `/iams/account-details/action/change-email?email=${encodeURIComponent(address)}`,
        headers,
      });
      if (asked.statusCode !== 202) throw new Error(`requestEmailChange ${asked.statusCode} ${asked.body}`);
      return { headers, query: { id: await confirmationId(m, address) } };
    },
    { firebase: true },
  ),
];
