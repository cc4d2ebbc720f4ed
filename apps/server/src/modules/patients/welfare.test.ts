// The patient's welfare contact and the welfare e-mail their care team may send it, and what the
// therapist's patient record reads besides (organisation name, item 9 on the PHQ-9 series).
import { describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { PATIENT_A, PATIENT_B, useCareTestApp } from './care-test-app.ts';

const t = useCareTestApp();
const op = operate(t);

const setContact = (patientId: string, user: string | null, payload: object) =>
  op(user, 'setWelfareContact', { params: { patientId }, payload });
const removeContact = (patientId: string, user: string) =>
  op(user, 'deleteWelfareContact', { params: { patientId } });
const preview = (patientId: string, user: string | null, query: Record<string, string> = {}) =>
  op(user, 'previewWelfareEmail', { params: { patientId }, query });
const send = (user: string | null, payload: object) => op(user, 'sendWelfareEmail', { payload });
const getPatient = (patientId: string, user: string) => op(user, 'getPatient', { params: { patientId } });
/** The patient records a screening questionnaire (a minimal one: its total is the sum of the items). */
const recordScreening = (momentId: string, eventType: 'phq9' | 'gad7', at: number, items: number[]) =>
  op('patient', 'addMoment', {
    query: { eventType },
    payload: {
      momentId,
      eventType,
      start: at,
      end: at,
      body: { items, total: items.reduce((sum, item) => sum + item, 0), severity: 'minimal' },
    },
  });

describe('the welfare contact', () => {
  it('is the patient’s own choice, shown to their care team on the record', async () => {
    expect((await getPatient(PATIENT_A, 'therapist')).body.welfareContact).toBeNull();
    const set = await setContact(PATIENT_A, 'patient', {
      name: ' Jo Bloggs ',
      email: 'Jo.Bloggs@Example.org',
    });
    expect(set.res.statusCode).toBe(200);
    expect(set.body).toEqual({ name: 'Jo Bloggs', email: 'jo.bloggs@example.org' });
    expect((await getPatient(PATIENT_A, 'therapist2')).body.welfareContact).toEqual({
      name: 'Jo Bloggs',
      email: 'jo.bloggs@example.org',
    });
    expect((await getPatient(PATIENT_A, 'patient')).body.welfareContact).toEqual({
      name: 'Jo Bloggs',
      email: 'jo.bloggs@example.org',
    });
    const replaced = await setContact(PATIENT_A, 'patient', {
      name: 'Sam Reed',
      email: 'sam.reed@example.org',
    });
    expect(replaced.body.name).toBe('Sam Reed');
  });

  it('is refused to anyone but the patient themself, and bad input', async () => {
    expect(
      (await setContact(PATIENT_A, 'patient2', { name: 'X', email: 'x@example.org' })).res.statusCode,
    ).toBe(403);
    expect(
      (await setContact(PATIENT_A, 'therapist', { name: 'X', email: 'x@example.org' })).res.statusCode,
    ).toBe(403);
    expect((await setContact(PATIENT_A, null, { name: 'X', email: 'x@example.org' })).res.statusCode).toBe(
      401,
    );
    expect(
      (await setContact(PATIENT_A, 'patient', { name: 'X', email: 'not-an-address' })).res.statusCode,
    ).toBe(400);
    const blank = await setContact(PATIENT_A, 'patient', { name: '   ', email: 'x@example.org' });
    expect(blank.res.statusCode).toBe(400);
    expect(blank.body.details.fields).toEqual({ name: "can't be blank" });
    expect((await removeContact(PATIENT_A, 'patient2')).res.statusCode).toBe(403);
    expect((await getPatient(PATIENT_A, 'therapist')).body.welfareContact.name).toBe('Sam Reed');
  });
});

describe('the welfare e-mail from the care team', () => {
  it('previews exactly what is sent, with no health data, to the contact alone', async () => {
    const shown = await preview(PATIENT_A, 'therapist2', {
      careFirstStyleEmail: 'false',
      personalMessage: 'Sam said you would understand.',
    });
    expect(shown.res.statusCode).toBe(200);
    const first = (await getPatient(PATIENT_A, 'therapist')).body.firstName as string;
    expect(shown.body.to).toEqual({ name: 'Sam Reed', email: 'sam.reed@example.org' });
    expect(shown.body.subject).toBe(`Could you check in on ${first}?`);
    expect(shown.body.text).toContain(`Priya Shah, ${first}'s therapist at Tend`);
    expect(shown.body.text).toContain(`Please get in touch with ${first} when you can.`);
    expect(shown.body.text).toContain('A message from Priya Shah:\nSam said you would understand.');
    expect(shown.body.text).not.toMatch(/PHQ|risk|self-harm/i);

    const sent = await send('therapist2', {
      patientId: PATIENT_A,
      targetEmailAddresses: ['SAM.reed@example.org'],
      careFirstStyleEmail: false,
      personalMessage: 'Sam said you would understand.',
    });
    expect(sent.res.statusCode).toBe(202);
    const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes('sam.reed@example.org'));
    expect(mail.subject).toBe(shown.body.subject);
    expect(mail.text.trim()).toBe(shown.body.text.trim());
    const row = await t.db
      .selectFrom('welfare_emails')
      .selectAll()
      .where('id', '=', sent.body.requestId)
      .executeTakeFirstOrThrow();
    expect(row.uid).toBe('therapist-2');
  });

  it('goes to the patient’s welfare contact only, from their care team only', async () => {
    const base = { patientId: PATIENT_A, careFirstStyleEmail: true };
    const elsewhere = await send('therapist', {
      ...base,
      targetEmailAddresses: ['someone.else@example.org'],
    });
    expect(elsewhere.res.statusCode).toBe(400);
    expect(elsewhere.body.details.fields).toHaveProperty('targetEmailAddresses');
    expect(
      (await send('therapist', { ...base, targetEmailAddresses: ['sam.reed@example.org', 'x@example.org'] }))
        .res.statusCode,
    ).toBe(400);
    expect(
      (await send('therapist3', { ...base, targetEmailAddresses: ['sam.reed@example.org'] })).res.statusCode,
    ).toBe(403);
    expect(
      (await send('patient2', { ...base, targetEmailAddresses: ['sam.reed@example.org'] })).res.statusCode,
    ).toBe(403);
    expect((await preview(PATIENT_A, 'therapist3')).res.statusCode).toBe(403);
    expect((await preview(PATIENT_A, 'patient')).res.statusCode).toBe(403);
    // Without a contact: 409, nothing sent.
    const none = await preview(PATIENT_B, 'therapist');
    expect(none.res.statusCode).toBe(409);
    expect(none.body.code).toBe('conflict');
    expect(
      (
        await send('therapist', {
          patientId: PATIENT_B,
          careFirstStyleEmail: true,
          targetEmailAddresses: ['sam.reed@example.org'],
        })
      ).res.statusCode,
    ).toBe(409);
    // Withdrawn by the patient: no more e-mails.
    expect((await removeContact(PATIENT_A, 'patient')).res.statusCode).toBe(204);
    expect((await removeContact(PATIENT_A, 'patient')).res.statusCode).toBe(204);
    expect((await preview(PATIENT_A, 'therapist')).res.statusCode).toBe(409);
    expect((await getPatient(PATIENT_A, 'therapist')).body.welfareContact).toBeNull();
  });
});

describe('what the patient sees of their welfare contact', () => {
  const mine = (patientId: string, user: string | null) =>
    op(user, 'getWelfareContact', { params: { patientId } });

  it('their contact with the relationship, and a record of each e-mail their care team sent to it', async () => {
    expect((await mine(PATIENT_B, 'patient2')).body).toEqual({ contact: null, emails: [] });
    const set = await setContact(PATIENT_B, 'patient2', {
      name: 'Alex Kim',
      relationship: ' Sister ',
      email: 'alex.kim@example.org',
    });
    expect(set.body).toEqual({ name: 'Alex Kim', relationship: 'Sister', email: 'alex.kim@example.org' });
    expect((await mine(PATIENT_B, 'patient2')).body).toEqual({ contact: set.body, emails: [] });
    // The care team sees the relationship too.
    expect((await getPatient(PATIENT_B, 'therapist')).body.welfareContact).toEqual(set.body);
    const sent = await send('therapist', {
      patientId: PATIENT_B,
      careFirstStyleEmail: true,
      targetEmailAddresses: ['alex.kim@example.org'],
    });
    expect(sent.res.statusCode).toBe(202);
    const record = await mine(PATIENT_B, 'patient2');
    expect(record.body.emails).toEqual([
      {
        id: sent.body.requestId,
        sentAt: expect.any(String),
        to: 'alex.kim@example.org',
        sentBy: expect.stringMatching(/\S/),
      },
    ]);
    // Changing the relationship away (absent) clears it; the record stays after a withdrawal.
    expect(
      (await setContact(PATIENT_B, 'patient2', { name: 'Alex Kim', email: 'alex.kim@example.org' })).body,
    ).toEqual({ name: 'Alex Kim', email: 'alex.kim@example.org' });
    await removeContact(PATIENT_B, 'patient2');
    const after = await mine(PATIENT_B, 'patient2');
    expect(after.body.contact).toBeNull();
    expect(after.body.emails).toHaveLength(1);
  });

  it('is the patient’s own only', async () => {
    expect((await mine(PATIENT_B, 'patient')).res.statusCode).toBe(403);
    expect((await mine(PATIENT_B, 'therapist')).res.statusCode).toBe(403);
    expect((await mine(PATIENT_B, null)).res.statusCode).toBe(401);
    expect(
      (
        await setContact(PATIENT_B, 'patient2', {
          name: 'A',
          email: 'a@example.org',
          relationship: 'x'.repeat(61),
        })
      ).res.statusCode,
    ).toBe(400);
  });
});

describe('the patient record as the care team reads it', () => {
  it('names the organisation and gives item 9 of each PHQ-9 on the graph', async () => {
    expect((await getPatient(PATIENT_A, 'therapist')).body.organisationName).toBe('Tend Health');
    const at = Date.now() - 3_600_000;
    await recordScreening('wf-phq', 'phq9', at, [0, 0, 0, 0, 0, 0, 0, 0, 2]);
    await recordScreening('wf-gad', 'gad7', at, [1, 0, 0, 0, 0, 0, 0]);
    const graph = await op('therapist', 'getPatientGraph', { params: { patientId: PATIENT_A } });
    expect(graph.body.series.phq9).toEqual([
      { t: at, value: 2, item9: 2, items: [0, 0, 0, 0, 0, 0, 0, 0, 2] },
    ]);
    expect(graph.body.series.gad7).toEqual([{ t: at, value: 1, items: [1, 0, 0, 0, 0, 0, 0] }]);
  });
});
