// Tag auth: sign-in and the caller's own session. customToken, the session cookie, the fresh token,
// sign-out and the query-string token's use need Firebase Auth: they run with real credentials of a new
// account of each role (./firebase.ts). Anonymous callers present no credential (or, where the contract
// requires the header, one that is not a token): 401.
import { signedInAs, mfaHeader, passwordToken, session, twin } from '../firebase.ts';
import { entry, everyone, signedIn, type Entry, type MatrixContext, type Role } from '../roles.ts';

/** A query-string token made by a signed-in user of the role (for anonymous callers, by a patient). */
async function queryStringTokenFor(role: Role, m: MatrixContext): Promise<string> {
  const { headers } = await signedInAs(m, role === 'anonymous' ? 'patientA' : role);
  const made = await m.t.app.inject({ method: 'POST', url: '/iams/query-string-token/create', headers });
  if (made.statusCode !== 200) throw new Error(`createQueryStringToken ${made.statusCode} ${made.body}`);
  return made.body;
}

export const entries: Entry[] = [
  entry(
    'getCustomToken',
    signedIn(200),
    async (role, m) => {
      if (role === 'anonymous') return { query: { scope: ['patient'] } };
      const who = await twin(m, role);
      return {
        query: { scope: who.scopes },
        headers: { idToken: await passwordToken(m, who), ...mfaHeader(who) },
      };
    },
    { firebase: true },
  ),
  entry(
    'getSessionCookie',
    signedIn(200),
    async (role, m) => {
      if (role === 'anonymous') return { headers: { idToken: 'not-a-token' } };
      return {
        headers: { idToken: await session(m, await twin(m, role)) },
        query: { generateRefreshToken: true },
      };
    },
    { firebase: true },
  ),
  entry(
    'getFreshCustomToken',
    signedIn(200),
    async (role, m) => ({ headers: (await signedInAs(m, role)).headers }),
    { firebase: true },
  ),
  entry('logout', signedIn(204), async (role, m) => ({ headers: (await signedInAs(m, role)).headers }), {
    firebase: true,
  }),
  entry('createQueryStringToken', signedIn(200)),
  // Public: whoever holds a query-string token (made by a signed-in user of the role; for anonymous
  // callers, by a patient) redeems it once.
  entry(
    'useQueryStringToken',
    everyone(200),
    async (role, m) => ({ query: { tokenID: await queryStringTokenFor(role, m) } }),
    { firebase: true },
  ),
  // Public, like useQueryStringToken: whoever holds a hand-over redeems it once (posted in the body).
  entry(
    'redeemSignInHandover',
    everyone(200),
    async (role, m) => ({ body: { handover: await queryStringTokenFor(role, m) } }),
    { firebase: true },
  ),
];
