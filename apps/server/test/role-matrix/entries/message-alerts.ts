// Tag message-alerts: administrators manage the alerts of their organisations (an alert of X is not
// revealed to the other administrator: 404; an alert naming X: 403); every signed-in user reads the
// alerts for them, and the public ones are public.
import {
  ORG_X,
  adminOfX,
  entry,
  everyone,
  reveals,
  signedIn,
  type Entry,
  type MatrixContext,
  type Role,
} from '../roles.ts';
import { alertOfX, listOfX } from './support.ts';

/** The alert the last call's set-up made. */
let made = '';

const message = {
  title: 'Hello',
  body: 'New features.',
  severity: 'info',
  audience: 'patients',
  organisationId: ORG_X,
};

/** The request of a listing for readers: a fresh alert of X for its patients, listed for app version 1.0.0. */
const newAlertOfX = async (_role: Role, m: MatrixContext) => {
  made = (await alertOfX(m, true)).id;
  return { query: { version: '1.0.0' } };
};

const versioned = (v2: boolean): Entry[] => {
  const name = (op: string) => (v2 ? `${op}V2` : op);
  return [
    listOfX(name('listMessageAlerts'), async (m) => (await alertOfX(m, v2)).id),
    entry(name('createMessageAlert'), adminOfX(201, 403), () => ({ body: message })),
    entry(name('getMessageAlert'), adminOfX(200), async (_role, m) => ({
      params: { id: (await alertOfX(m, v2)).id },
    })),
    entry(name('updateMessageAlert'), adminOfX(200), async (_role, m) => {
      const { id, etag } = await alertOfX(m, v2);
      return { params: { id }, headers: { ETag: etag }, body: { ...message, title: 'Updated' } };
    }),
    entry(name('deleteMessageAlert'), adminOfX(204), async (_role, m) => {
      const { id, etag } = await alertOfX(m, v2);
      return { params: { id }, headers: { ETag: etag } };
    }),
  ];
};

export const entries: Entry[] = [
  ...versioned(false),
  ...versioned(true),
  // An alert of X for its patients reaches X's patients only, and never the public list.
  entry('listMessageAlertsForUser', signedIn(200), newAlertOfX, {
    check: (role, body) =>
      reveals({
        hidden: {
          assignedTherapist: [made],
          unassignedTherapist: [made],
          lead: [made],
          orgAdmin: [made],
          otherAdmin: [made],
          dataExport: [made],
        },
        shown: { patientA: [made], patientB: [made] },
      })(role, body),
  }),
  entry('listMessageAlertsForPublic', everyone(200), newAlertOfX, {
    check: (_role, body) =>
      JSON.stringify(body).includes(made) ? 'shows an alert for patients publicly' : undefined,
  }),
];
