/**
 * The demo seed (`DEMO` of ../seed-data.ts): organisations, the demo client, therapists, patients, care
 * teams, 90 days of moments and chats, from one seeded random source, so every fresh database looks the same.
 * The parts: ./organisations.ts (organisations, client, therapists, duty rota), ./moments.ts (a day's
 * exercises), ./screenings.ts (a day's questionnaires and the risk flags they raise), ./chats.ts, and the
 * words they pick from in ./words.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import { json } from '../index.ts';
import { newEtag } from '../../http/etag.ts';
import { seedOnboardingSurvey } from '../seed-onboarding.ts';
import { DAY, DEMO, random } from '../seed-data.ts';
import { seedChats } from './chats.ts';
import { dayOfExercises, type MomentRow } from './moments.ts';
import { personRow, seedDutyRota, seedOrganisations } from './organisations.ts';
import { dayOfQuestionnaires, type RiskFlag } from './screenings.ts';

/** Seeds organisations, the demo client, therapists, patients, care teams, 90 days of moments and chats. */
export async function seedCore(db: Db, now = new Date()): Promise<void> {
  const rand = random(20260401);
  const { root, child } = DEMO.organisations;
  await seedOrganisations(db, now);

  const start = new Date(now.getTime() - 90 * DAY);
  start.setUTCHours(0, 0, 0, 0);
  const highRisk = new Map<string, RiskFlag>();
  const moments: MomentRow[] = [];
  const careTeam: Array<{ patient_id: string; therapist_id: string; role: 'lead' | 'invited' | 'handover' }> =
    [];

  DEMO.patients.forEach((p, index) => {
    const lead =
      p.organisationId === child.id ? 'therapist-3' : index % 2 === 0 ? 'therapist-1' : 'therapist-2';
    careTeam.push({ patient_id: p.id, therapist_id: lead, role: 'lead' });
    if (index % 5 === 0 && p.organisationId === root.id) {
      careTeam.push({
        patient_id: p.id,
        therapist_id: lead === 'therapist-1' ? 'therapist-2' : 'therapist-1',
        role: 'invited',
      });
    }
    // Each patient starts somewhere between mild and severe and mostly improves, with noise.
    const baselinePhq = rand.int(6, 22);
    const baselineGad = rand.int(5, 18);
    const improvement = rand.next() * 0.6 + 0.1;
    const riskDay = index === 3 || index === 14 ? rand.int(30, 80) : -1;
    const engagement = 0.55 + rand.next() * 0.4;
    for (let day = 0; day < 90; day++) {
      const date = new Date(start.getTime() + day * DAY);
      const progress = day / 89;
      // Mood 1 (very low) … 5 (very good), rising as the patient improves.
      const mood = Math.max(
        1,
        Math.min(5, Math.round(2 + progress * improvement * 4 + (rand.next() - 0.5) * 2)),
      );
      moments.push(...dayOfExercises(rand, p.id, date, mood, engagement));
      moments.push(
        ...dayOfQuestionnaires(
          rand,
          p.id,
          day,
          date,
          progress,
          { baselinePhq, baselineGad, improvement, riskDay },
          highRisk,
        ),
      );
    }
  });

  await db
    .insertInto('patients')
    .values(
      DEMO.patients.map((p) => ({
        ...personRow(p),
        high_risk: highRisk.has(p.id),
        created_at: start,
      })),
    )
    .execute();
  await db.insertInto('care_team').values(careTeam).execute();
  await seedDutyRota(db);
  // The demo patients have been around for a while: their first-run welcome is behind them.
  await db
    .insertInto('patient_metadata')
    .values(
      DEMO.patients.map((p) => ({
        patient_id: p.id,
        document_id: 'preferences',
        data: json({ firstRun: 'finished' }),
        etag: newEtag(),
        created_at: start,
        updated_at: start,
      })),
    )
    .execute();
  const flagged = [...highRisk];
  if (flagged.length > 0) {
    await db
      .insertInto('patient_risk')
      .values(
        flagged.map(([patientId, f]) => ({
          patient_id: patientId,
          high_risk: true,
          reason: f.reason,
          source: f.source,
          flagged_at: f.at,
          flagged_by: null,
          updated_at: f.at,
        })),
      )
      .execute();
    await db
      .insertInto('risk_events')
      .values(
        flagged.map(([patientId, f]) => ({
          id: randomUUID(),
          patient_id: patientId,
          high_risk: true,
          reason: f.reason,
          source: f.source,
          actor_id: null,
          created_at: f.at,
        })),
      )
      .execute();
  }
  for (let i = 0; i < moments.length; i += 500) {
    await db
      .insertInto('moments')
      .values(moments.slice(i, i + 500))
      .execute();
  }

  await seedChats(db, rand, now, careTeam);
  await seedOnboardingSurvey(db);
}
