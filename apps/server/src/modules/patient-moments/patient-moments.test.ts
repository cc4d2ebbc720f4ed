import { beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { PATIENT_A, PATIENT_B, as, caller, useCareTestApp, DAY } from '../patients/care-test-app.ts';
import { issueUploadToken } from './uploads.ts';

const t = useCareTestApp();
const call = caller(t);
const op = operate(t);

const T0 = Date.UTC(2026, 0, 1, 12);
const checkup = (momentId: string, start: number) => ({
  momentId,
  eventType: 'checkup',
  start,
  end: start + 1000,
  body: { mood: 3 },
});
const add = (m: Record<string, unknown>, user = 'patient') =>
  op(user, 'addMoment', { query: { eventType: String(m.eventType) }, payload: m });
const list = (patientId: string, user: string | null, query = '') =>
  call('listPatientMoments', {
    method: 'GET',
    url: `/patients/${patientId}/moments${query}`,
    headers: as(user),
  });

describe('listing a patient’s moments', () => {
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) await add(checkup(`pm-${i}`, T0 + i * DAY));
    await add({
      momentId: 'pm-j',
      eventType: 'journal',
      start: T0 + 2 * DAY + 1,
      end: T0 + 2 * DAY + 2,
      body: { text: 'Journal' },
    });
    await add(checkup('pm-b', T0), 'patient2');
  });

  it('answers newest first with a stable paginationCursor, for the patient and their therapists', async () => {
    for (const user of ['patient', 'therapist', 'therapist2']) {
      const p1 = await list(PATIENT_A, user, '?types=checkup&limit=4');
      expect(p1.res.statusCode).toBe(200);
      expect(p1.body.items.map((m: { momentId: string }) => m.momentId)).toEqual([
        'pm-5',
        'pm-4',
        'pm-3',
        'pm-2',
      ]);
      const p2 = await list(
        PATIENT_A,
        user,
        `?types=checkup&limit=4&paginationCursor=${p1.body.paginationCursor}`,
      );
      expect(p2.body.items.map((m: { momentId: string }) => m.momentId)).toEqual(['pm-1', 'pm-0']);
      expect(p2.body.paginationCursor).toBeNull();
    }
  });

  it('keeps a page stable when newer moments arrive, and filters by types and startFrom', async () => {
    const p1 = await list(PATIENT_A, 'patient', '?limit=2');
    await add(checkup('pm-new', T0 + 30 * DAY));
    const p2 = await list(PATIENT_A, 'patient', `?limit=2&paginationCursor=${p1.body.paginationCursor}`);
    const seen = [...p1.body.items, ...p2.body.items].map((m: { momentId: string }) => m.momentId);
    expect(seen).toEqual(['pm-5', 'pm-4', 'pm-3', 'pm-j']);
    const before = await list(PATIENT_A, 'patient', `?startFrom=${T0 + 2 * DAY}&types=checkup&types=journal`);
    expect(before.body.items.map((m: { momentId: string }) => m.momentId)).toEqual(['pm-1', 'pm-0']);
    const journals = await list(PATIENT_A, 'therapist', '?types=journal');
    expect(journals.body.items.map((m: { momentId: string }) => m.momentId)).toEqual(['pm-j']);
  });

  it('refuses another patient, an unassigned therapist, admins and anonymous callers', async () => {
    expect((await list(PATIENT_A, 'patient2')).res.statusCode).toBe(403);
    expect((await list(PATIENT_B, 'therapist2')).res.statusCode).toBe(403);
    expect((await list(PATIENT_A, 'therapist3')).res.statusCode).toBe(403);
    expect((await list('no-such-patient', 'therapist')).res.statusCode).toBe(403);
    expect((await list(PATIENT_A, 'admin')).res.statusCode).toBe(403);
    expect((await list(PATIENT_A, 'dataExport')).res.statusCode).toBe(403);
    expect((await list(PATIENT_A, null)).res.statusCode).toBe(401);
  });

  it('refuses bad input (400)', async () => {
    expect((await list(PATIENT_A, 'patient', '?paginationCursor=not-a-cursor')).res.statusCode).toBe(400);
    expect((await list(PATIENT_A, 'patient', '?limit=0')).res.statusCode).toBe(400);
    expect((await list(PATIENT_A, 'patient', '?types=bogus')).res.statusCode).toBe(400);
    expect((await list(PATIENT_A, 'patient', '?startFrom=-1')).res.statusCode).toBe(400);
  });
});

describe('therapist notes', () => {
  const note = (
    patientId: string,
    user: string,
    text = 'Discussed sleep hygiene.',
    options: Record<string, unknown> = {},
  ) =>
    op(user, 'createPatientNote', {
      params: { patientId },
      query: { note: text },
      payload: options,
    });
  const remove = (patientId: string, momentId: string, user: string) =>
    op(user, 'deletePatientNote', { params: { patientId, momentId } });

  it('an assigned therapist adds a note; the patient sees it only when shared', async () => {
    const priv = await note(PATIENT_A, 'therapist2', 'Private formulation notes.');
    expect(priv.res.statusCode).toBe(201);
    expect(priv.body).toMatchObject({
      eventType: 'note',
      patientId: PATIENT_A,
      body: {
        text: 'Private formulation notes.',
        authorId: 'therapist-2',
        authorName: 'Priya Shah',
        visibleToPatient: false,
      },
    });
    const shared = await note(PATIENT_A, 'therapist', 'Homework: thought record.', {
      visibleToPatient: true,
      start: T0,
    });
    expect(shared.body.start).toBe(T0);
    const patientView = await list(PATIENT_A, 'patient', '?types=note');
    expect(patientView.body.items.map((m: { momentId: string }) => m.momentId)).toEqual([
      shared.body.momentId,
    ]);
    const therapistView = await list(PATIENT_A, 'therapist', '?types=note');
    expect(therapistView.body.items).toHaveLength(2);
  });

  it('refuses unassigned therapists, patients, and bad input', async () => {
    expect((await note(PATIENT_B, 'therapist2')).res.statusCode).toBe(403);
    expect((await note(PATIENT_A, 'therapist3')).res.statusCode).toBe(403);
    expect((await note(PATIENT_A, 'patient')).res.statusCode).toBe(403);
    const blank = await op('therapist', 'createPatientNote', {
      params: { patientId: PATIENT_A },
      query: { note: '' },
      payload: {},
    });
    expect(blank.res.statusCode).toBe(400);
    expect((await note(PATIENT_A, 'therapist', '   ')).res.statusCode).toBe(400);
    expect((await note(PATIENT_A, 'therapist', 'x', { colour: 'red' })).res.statusCode).toBe(400);
  });

  it('only the author or the lead deletes a note', async () => {
    const byLead = await note(PATIENT_A, 'therapist', 'Lead note.');
    const byInvited = await note(PATIENT_A, 'therapist2', 'Invited note.');
    expect((await remove(PATIENT_A, byLead.body.momentId, 'therapist2')).res.statusCode).toBe(403);
    expect((await remove(PATIENT_A, byLead.body.momentId, 'therapist3')).res.statusCode).toBe(403);
    expect((await remove(PATIENT_A, byLead.body.momentId, 'patient')).res.statusCode).toBe(403);
    expect((await remove(PATIENT_A, byInvited.body.momentId, 'therapist')).res.statusCode).toBe(204);
    expect((await remove(PATIENT_A, byLead.body.momentId, 'therapist')).res.statusCode).toBe(204);
    expect((await remove(PATIENT_A, byLead.body.momentId, 'therapist')).res.statusCode).toBe(404);
    // A moment that is not a note is never deleted here.
    expect((await remove(PATIENT_A, 'pm-0', 'therapist')).res.statusCode).toBe(404);
    expect(
      await t.db.selectFrom('moments').select('id').where('id', '=', 'pm-0').executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('file moments', () => {
  const policy = (
    patientId: string,
    user: string | null,
    type = 'application/pdf',
    fileName = 'Sleep diary.pdf',
  ) =>
    op(user, 'getFileUploadPolicy', {
      params: { patientId },
      query: { type, fileName },
    });
  /** A PUT of the bytes, of that content type, to an upload path as given (a forged or expired one too). */
  const putAt = (path: string, type: string, payload: Buffer | string) =>
    t.app.inject({ method: 'PUT', url: path, headers: { 'content-type': type }, payload });
  /** An upload to the URL a policy gave. */
  const upload = (url: string, bytes: Buffer, type: string) => putAt(new URL(url).pathname, type, bytes);
  const content = (patientId: string, momentId: string, user: string | null) =>
    t.app.inject({
      method: 'GET',
      url: `/patients/${patientId}/moments/${momentId}/content`,
      headers: as(user),
    });

  it('issues a signed, expiring upload URL this server accepts, then serves the bytes with their type', async () => {
    const p = await policy(PATIENT_A, 'patient');
    expect(p.res.statusCode).toBe(200);
    expect(p.body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      maxBytes: 20 * 1024 * 1024,
    });
    expect(Date.parse(p.body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
    const up = await upload(p.body.uploadUrl, bytes, 'application/pdf');
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      momentId: p.body.momentId,
      eventType: 'file',
      patientId: PATIENT_A,
      body: { fileName: 'Sleep diary.pdf', contentType: 'application/pdf', size: bytes.length },
    });
    // Single use.
    expect((await upload(p.body.uploadUrl, bytes, 'application/pdf')).statusCode).toBe(409);

    for (const user of ['patient', 'therapist', 'therapist2']) {
      const res = await content(PATIENT_A, p.body.momentId, user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment; filename="Sleep diary.pdf"');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const listed = await list(PATIENT_A, 'therapist', '?types=file');
    expect(listed.body.items[0].body.downloadUrl).toBe(
      `${t.config.apiUrl}/patients/${PATIENT_A}/moments/${p.body.momentId}/content`,
    );
  });

  it('a therapist of the patient can upload too; others cannot download', async () => {
    const p = await policy(PATIENT_A, 'therapist2', 'image/png', 'drawing.png');
    const up = await upload(p.body.uploadUrl, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    expect(up.statusCode).toBe(201);
    expect((await content(PATIENT_A, p.body.momentId, 'patient2')).statusCode).toBe(403);
    expect((await content(PATIENT_A, p.body.momentId, 'therapist3')).statusCode).toBe(403);
    expect((await content(PATIENT_A, p.body.momentId, null)).statusCode).toBe(401);
    expect((await content(PATIENT_A, 'pm-0', 'patient')).statusCode).toBe(404);
    expect((await content(PATIENT_A, 'no-such-moment', 'patient')).statusCode).toBe(404);
  });

  it('refuses policies for other patients and bad types (400/403)', async () => {
    expect((await policy(PATIENT_B, 'patient')).res.statusCode).toBe(403);
    expect((await policy(PATIENT_B, 'therapist2')).res.statusCode).toBe(403);
    expect((await policy(PATIENT_A, 'admin')).res.statusCode).toBe(403);
    expect((await policy(PATIENT_A, 'patient', 'application/x-msdownload', 'x.exe')).res.statusCode).toBe(
      400,
    );
    expect((await policy(PATIENT_A, 'patient', 'text/html', 'x.html')).res.statusCode).toBe(400);
    expect((await policy(PATIENT_A, 'patient', 'application/pdf', '../../etc/passwd')).res.statusCode).toBe(
      400,
    );
    expect(
      (
        await op('patient', 'getFileUploadPolicy', {
          params: { patientId: PATIENT_A },
          query: { type: 'application/pdf' },
        })
      ).res.statusCode,
    ).toBe(400);
  });

  it('refuses forged, expired, wrongly typed, empty and oversized uploads', async () => {
    const p = await policy(PATIENT_A, 'patient', 'text/plain', 'notes.txt');
    const url = new URL(p.body.uploadUrl).pathname;
    const [payload] = url.split('/').pop()!.split('.');
    expect((await putAt(`/uploads/${payload}.forged`, 'text/plain', 'x')).statusCode).toBe(403);
    const other = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...other, p: PATIENT_B })).toString('base64url');
    const sig = url.split('.').pop();
    expect((await putAt(`/uploads/${tampered}.${sig}`, 'text/plain', 'x')).statusCode).toBe(403);
    const expired = issueUploadToken(t.config.secret, { ...other, e: Date.now() - 1 });
    const exp = await putAt(`/uploads/${expired}`, 'text/plain', 'x');
    expect(exp.statusCode).toBe(403);
    expect(exp.json().code).toBe('upload_expired');
    expect((await putAt(url, 'image/png', Buffer.from('x'))).statusCode).toBe(415);
    expect((await putAt(url, 'text/plain', '')).statusCode).toBe(400);
    const big = await putAt(url, 'text/plain', Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
    expect(big.statusCode).toBe(413);
    // A therapist discharged after getting the link can no longer use it.
    const grant = issueUploadToken(t.config.secret, { ...other, u: 'therapist-3', m: 'late-upload' });
    expect((await putAt(`/uploads/${grant}`, 'text/plain', 'x')).statusCode).toBe(403);
    // The valid link still works after all that.
    expect((await putAt(url, 'text/plain; charset=utf-8', 'Dear diary')).statusCode).toBe(201);
  });
});

describe('one of a patient’s moments (getPatientMoment)', () => {
  const one = (patientId: string, momentId: string, user: string | null) =>
    op(user, 'getPatientMoment', { params: { patientId, momentId } });

  beforeAll(async () => {
    await add({
      momentId: 'one-j',
      eventType: 'journal',
      start: T0 - DAY,
      end: T0 - DAY + 1,
      body: { title: 'One', text: 'Just this one' },
    });
    await add(checkup('one-b', T0 - DAY), 'patient2');
  });

  it('answers the moment to the patient and to their therapists, as the list shows it', async () => {
    for (const user of ['patient', 'therapist', 'therapist2']) {
      const { res, body } = await one(PATIENT_A, 'one-j', user);
      expect(res.statusCode).toBe(200);
      expect(body).toMatchObject({
        momentId: 'one-j',
        eventType: 'journal',
        body: { text: 'Just this one' },
      });
    }
  });

  it('answers 404 for a moment of another patient or none, and 403 to anyone outside the care team', async () => {
    expect((await one(PATIENT_A, 'one-b', 'patient')).res.statusCode).toBe(404);
    expect((await one(PATIENT_A, 'no-such-moment', 'therapist')).res.statusCode).toBe(404);
    expect((await one(PATIENT_A, 'one-j', 'patient2')).res.statusCode).toBe(403);
    expect((await one(PATIENT_B, 'one-b', 'therapist2')).res.statusCode).toBe(403);
    expect((await one(PATIENT_A, 'one-j', 'therapist3')).res.statusCode).toBe(403);
    expect((await one(PATIENT_A, 'one-j', 'admin')).res.statusCode).toBe(403);
    expect((await one('no-such-patient', 'one-j', 'therapist')).res.statusCode).toBe(403);
    expect((await one(PATIENT_A, 'one-j', null)).res.statusCode).toBe(401);
  });

  it('hides from the patient a therapist note not shared with them, and shows it to the therapist', async () => {
    const hidden = await op('therapist', 'createPatientNote', {
      params: { patientId: PATIENT_A },
      query: { note: 'Private' },
      payload: {},
    });
    const shared = await op('therapist', 'createPatientNote', {
      params: { patientId: PATIENT_A },
      query: { note: 'Shared' },
      payload: { visibleToPatient: true },
    });
    expect((await one(PATIENT_A, hidden.body.momentId, 'patient')).res.statusCode).toBe(404);
    expect((await one(PATIENT_A, hidden.body.momentId, 'therapist')).res.statusCode).toBe(200);
    expect((await one(PATIENT_A, shared.body.momentId, 'patient')).res.statusCode).toBe(200);
  });
});
