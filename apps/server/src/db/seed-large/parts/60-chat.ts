/**
 * The chat benchmark's data: a dedicated patient (so no spec or other benchmark shares their chat) in the
 * demo organisation, led by the demo therapist, with one open chat of 5,000 messages over the last 30 days,
 * both sides writing, everything read.
 *
 * BENCH_DATA chat: patient bench-chat@example.com (id bench-chat-patient, password Tend-demo-2026, no second
 * factor), therapist therapist@example.com; open chat session bench-chat-5000 with 5,000 messages.
 */
import { randomUUID } from 'node:crypto';
import { firebaseAuth } from '../../../auth/firebase.ts';
import { grantRole } from '../../../auth/users.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const BENCH_CHAT = {
  patientId: 'bench-chat-patient',
  email: 'bench-chat@example.com',
  firstName: 'Robin',
  lastName: 'Bench',
  therapistId: 'therapist-1',
  sessionId: 'bench-chat-5000',
  messages: 5000,
} as const;

const LINES = [
  'I slept a bit better last night.',
  'That is good to hear. What helped, do you think?',
  'I tried the breathing exercise before bed, and I left my phone in the kitchen.',
  'Both are great steps. How did the morning feel?',
  'Busy, but I noticed the worried thoughts earlier than usual and wrote them down.',
  'Noticing them early is exactly the skill we practised. Well done.',
  'Work is still a lot. My manager wants the report by Friday.',
  'Shall we break the report into the smallest next step together?',
];

const part: LargeSeedPart = {
  name: `chat: ${BENCH_CHAT.messages.toLocaleString('en-GB')} messages between ${BENCH_CHAT.email} and the demo therapist`,
  async seed({ db, config }) {
    const { patientId, email, firstName, lastName, therapistId, sessionId, messages } = BENCH_CHAT;
    const now = Date.now();
    const start = now - 30 * 24 * 3_600_000;
    await db
      .insertInto('users')
      .values({
        id: patientId,
        email,
        first_name: firstName,
        last_name: lastName,
        screen_name: firstName,
        language: 'en',
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await grantRole(db, patientId, 'patient', null);
    await db
      .insertInto('patients')
      .values({
        id: patientId,
        organisation_id: 'org-tend-health',
        email,
        first_name: firstName,
        last_name: lastName,
        high_risk: false,
        created_at: new Date(start),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .insertInto('care_team')
      .values({ patient_id: patientId, therapist_id: therapistId, role: 'lead' })
      .onConflict((oc) => oc.columns(['patient_id', 'therapist_id']).doNothing())
      .execute();

    const step = Math.floor((now - 60_000 - start) / messages);
    const rows = Array.from({ length: messages }, (_, i) => {
      const fromPatient = i % 2 === 0;
      return {
        id: randomUUID(),
        session_id: sessionId,
        sender_id: fromPatient ? patientId : therapistId,
        body: `${LINES[i % LINES.length]!}${i % 7 === 0 ? ` (${i + 1})` : ''}`,
        created_at: new Date(start + i * step),
        edited_at: null,
        message_key: `bench-${i}`,
      };
    });
    const last = rows.at(-1)!.created_at;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chat_sessions')
        .values({
          id: sessionId,
          patient_id: patientId,
          therapist_id: therapistId,
          status: 'active',
          emergency: false,
          transport: 'stream',
          created_at: new Date(start),
          accepted_at: new Date(start),
          last_activity_at: last,
          request_message: rows[0]!.body,
          ended_at: null,
        })
        .execute();
      await inBatches(rows, 1000, (batch) => trx.insertInto('chat_messages').values(batch).execute());
      // The trigger added both participants: everything so far is read.
      await trx
        .updateTable('chat_participants')
        .set({ last_read_at: last })
        .where('session_id', '=', sessionId)
        .execute();
    });

    // A sign-in account for the browser benchmark (the Auth emulator of `npm run bench`).
    if (!config.isProduction && config.authEmulatorHost) {
      const create = () =>
        firebaseAuth(config).createUser({
          uid: patientId,
          email,
          password: 'Tend-demo-2026',
          displayName: `${firstName} ${lastName}`,
          emailVerified: true,
        });
      try {
        // Once more when the connection kept from the demo seed was closed meanwhile (the parts before take
        // minutes on a busy machine, and the emulator drops an idle connection: EPIPE, ECONNRESET).
        await create().catch((error: unknown) =>
          /EPIPE|ECONNRESET|socket hang up/.test(String((error as Error).message))
            ? create()
            : Promise.reject(error),
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
      }
    }
  },
};

export default part;
