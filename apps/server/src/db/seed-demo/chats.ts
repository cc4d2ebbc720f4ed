import { randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import { DAY, DEMO, type random } from '../seed-data.ts';
import { CHAT_LINES, JOURNAL_MIDDLES } from './words.ts';

/** Chats: eight patients have talked with their lead therapist; the last two are still open. */
export async function seedChats(
  db: Db,
  rand: ReturnType<typeof random>,
  now: Date,
  careTeam: ReadonlyArray<{ patient_id: string; therapist_id: string; role: string }>,
): Promise<void> {
  const sessions = [];
  const messages = [];
  for (let i = 0; i < 8; i++) {
    const p = DEMO.patients[i]!;
    const lead = careTeam.find((c) => c.patient_id === p.id && c.role === 'lead')!.therapist_id;
    const sessionId = randomUUID();
    const opened = new Date(now.getTime() - (20 - i * 2) * DAY);
    const ended = i < 6 ? new Date(opened.getTime() + 45 * 60_000) : null;
    sessions.push({
      id: sessionId,
      patient_id: p.id,
      therapist_id: lead,
      status: ended ? ('ended' as const) : ('active' as const),
      emergency: false,
      transport: 'sse',
      created_at: opened,
      ended_at: ended,
    });
    const lines = CHAT_LINES[i % CHAT_LINES.length]!;
    let t = opened.getTime();
    for (let turn = 0; turn < 3; turn++) {
      for (const [who, body] of [
        [p.id, turn === 0 ? lines[0]! : rand.pick(JOURNAL_MIDDLES)],
        [
          lead,
          turn === 0
            ? lines[1]!
            : rand.pick([
                'That makes sense.',
                'How did that feel?',
                'Let us note that for next time.',
                'You are doing really well to notice that.',
              ]),
        ],
      ] as const) {
        t += rand.int(1, 4) * 60_000;
        messages.push({
          id: randomUUID(),
          session_id: sessionId,
          sender_id: who,
          body,
          created_at: new Date(t),
          edited_at: null,
        });
      }
    }
  }
  await db.insertInto('chat_sessions').values(sessions).execute();
  await db.insertInto('chat_messages').values(messages).execute();
}
