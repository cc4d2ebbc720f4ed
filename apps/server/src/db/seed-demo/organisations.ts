import { randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import { json } from '../index.ts';
import { DAY, DEMO } from '../seed-data.ts';

/** The demo organisations (Tend Health and its child Tend Health North), the demo client and its contact page, and the therapists. */
/** The columns a demo patient's row and a demo therapist's row share: who they are and where they work. */
export function personRow(person: {
  id: string;
  organisationId: string;
  email: string;
  firstName: string;
  lastName: string;
}) {
  return {
    id: person.id,
    organisation_id: person.organisationId,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
  };
}

export async function seedOrganisations(db: Db, now: Date): Promise<void> {
  const { root, child } = DEMO.organisations;
  const etag = () => randomUUID();
  await db
    .insertInto('organisations')
    .values([
      {
        id: root.id,
        parent_id: null,
        name: root.name,
        details: json({
          name: root.name,
          contactEmail: 'care@tend-health.example',
          phone: '+44 20 7946 0000',
          address: '1 Example Street, London EC1A 1AA',
          country: 'GB',
          timezone: 'Europe/London',
          whitelistedDomains: ['tend-health.example', 'example.com'],
        }),
        app_settings: json({
          chatEnabled: true,
          emergencyChatEnabled: true,
          journalEnabled: true,
          cbtEnabled: true,
          screeningEnabled: true,
          // The response time Tend Health states to its patients.
          responseHours: 24,
          defaultLanguage: 'en-GB',
          idleTimeoutMinutes: 30,
        }),
        subscription: json({
          plan: 'enterprise',
          seats: 500,
          startsAt: new Date(now.getTime() - 180 * DAY).toISOString().slice(0, 10),
          endsAt: new Date(now.getTime() + 365 * DAY).toISOString().slice(0, 10),
        }),
        research_settings: json({
          researchEnabled: true,
          consentRequired: true,
          anonymiseExports: true,
          dataRetentionDays: 1825,
        }),
        enabled: true,
        max_redemptions: 500,
        access_code: root.accessCode,
        etag: etag(),
      },
      {
        id: child.id,
        parent_id: root.id,
        name: child.name,
        // The child overrides a few fields and inherits the rest from its parent.
        details: json({
          name: child.name,
          contactEmail: 'north@tend-health.example',
          timezone: 'Europe/London',
        }),
        app_settings: json({ emergencyChatEnabled: true, idleTimeoutMinutes: 15 }),
        subscription: json({ seats: 100 }),
        research_settings: json({}),
        enabled: true,
        max_redemptions: 100,
        access_code: child.accessCode,
        etag: etag(),
      },
    ])
    .execute();
  await db
    .insertInto('clients')
    .values({
      id: DEMO.client.id,
      name: DEMO.client.name,
      service_name: DEMO.client.serviceName,
      organisation_id: DEMO.client.organisationId,
    })
    .execute();
  await db
    .insertInto('contact_tokens')
    .values({
      token: DEMO.contactToken,
      client_id: DEMO.client.id,
      organisation_id: DEMO.client.organisationId,
      label: 'Demo Health contact page',
    })
    .execute();
  await db
    .insertInto('therapists')
    .values(
      DEMO.therapists.map((t) => ({
        ...personRow(t),
        biography: `${t.firstName} is a BABCP-accredited cognitive behavioural therapist working with anxiety, low mood and sleep difficulties.`,
        timezone: t.timezone,
      })),
    )
    .execute();
}

/**
 * The duty rota: Alex Morgan is on duty for both organisations at all times, so a patient who has
 * just joined (no therapist yet) always reaches a named clinician.
 */
export async function seedDutyRota(db: Db): Promise<void> {
  await db
    .insertInto('organisation_duty_shifts')
    .values(
      [DEMO.organisations.root.id, DEMO.organisations.child.id].map((organisationId) => ({
        id: `duty-${organisationId}-${DEMO.therapists[0].id}`,
        organisation_id: organisationId,
        therapist_id: DEMO.therapists[0].id,
        day_of_week: null,
        start_minute: 0,
        end_minute: 1440,
      })),
    )
    .execute();
}
