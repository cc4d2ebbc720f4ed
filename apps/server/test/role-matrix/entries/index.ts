// Every entry of the matrix, one file per contract tag.
import type { Entry } from '../roles.ts';
import { entries as account } from './account.ts';
import { entries as auth } from './auth.ts';
import { entries as chats } from './chats.ts';
import { entries as cloudDocuments } from './cloud-documents.ts';
import { entries as config } from './config.ts';
import { entries as contact } from './contact.ts';
import { entries as dashboards } from './dashboards.ts';
import { entries as email } from './email.ts';
import { entries as messageAlerts } from './message-alerts.ts';
import { entries as join } from './join.ts';
import { entries as metadata } from './metadata.ts';
import { entries as mfa } from './mfa.ts';
import { entries as moments } from './moments.ts';
import { entries as onboarding } from './onboarding.ts';
import { entries as openid } from './openid.ts';
import { entries as organisations } from './organisations.ts';
import { entries as patient } from './patient.ts';
import { entries as patientChat } from './patient-chat.ts';
import { entries as patientMoments } from './patient-moments.ts';
import { entries as patients } from './patients.ts';
import { entries as push } from './push.ts';
import { entries as reporting } from './reporting.ts';
import { entries as research } from './research.ts';
import { entries as riskAlerts } from './risk-alerts.ts';
import { entries as duty } from './duty.ts';
import { entries as intake } from './intake.ts';
import { entries as rewards } from './rewards.ts';
import { entries as safeguarding } from './safeguarding.ts';
import { entries as scopes } from './scopes.ts';
import { entries as staff } from './staff.ts';
import { entries as status } from './status.ts';
import { entries as surveys } from './surveys.ts';
import { entries as therapist } from './therapist.ts';
import { entries as usersData } from './users-data.ts';
import { entries as appointments } from './appointments.ts';

export const ENTRIES: Entry[] = [
  ...status,
  ...config,
  ...cloudDocuments,
  ...contact,
  ...email,
  ...account,
  ...auth,
  ...mfa,
  ...openid,
  ...scopes,
  ...messageAlerts,
  ...organisations,
  ...staff,
  ...intake,
  ...join,
  ...surveys,
  ...reporting,
  ...research,
  ...dashboards,
  ...usersData,
  ...safeguarding,
  ...moments,
  ...patientMoments,
  ...patient,
  ...duty,
  ...patients,
  ...onboarding,
  ...metadata,
  ...rewards,
  ...push,
  ...therapist,
  ...riskAlerts,
  ...patientChat,
  ...chats,
  ...appointments,
];
