// A patient's moments as seen by the patient and their care team (tag `patient-moments`): the listing
// (newest first, keyset paginationCursor: see ../moments/model.ts), one moment, therapist notes, file moments.
// The patient sees their own moments except therapist notes not shared with them; an assigned therapist
// sees everything; anyone else gets 403.
import { randomUUID } from 'node:crypto';
import { json } from '../../db/index.ts';
import { forbidden, notFound, validationError } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { assertAssignedTherapist, assertCanSeePatient } from '../patients/access.ts';
import { toMoment, type MomentRow } from '../moments/model.ts';
import { decodeCursor, findMoment, pageMoments } from '../moments/pages.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_TTL_MS,
  isAllowedFileType,
  issueUploadToken,
  registerUploads,
} from './uploads.ts';

export const register = registerUploads;

/** RFC 6266 / RFC 5987 attachment header keeping the original name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const handlers: Handlers = {
  listPatientMoments: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const access = await assertCanSeePatient(ctx, patientId);
    const types = Array.isArray(ctx.query.types)
      ? ctx.query.types.map(String)
      : ctx.query.types
        ? [String(ctx.query.types)]
        : [];
    const cursor =
      typeof ctx.query.paginationCursor === 'string' && ctx.query.paginationCursor !== ''
        ? decodeCursor(ctx.query.paginationCursor, 'paginationCursor')
        : undefined;
    const { rows, next } = await pageMoments(ctx.db, {
      patientId,
      types,
      ...(ctx.query.startFrom !== undefined ? { before: Number(ctx.query.startFrom) } : {}),
      limit: Number(ctx.query.limit ?? 20),
      ...(cursor ? { cursor } : {}),
      hidePrivateNotes: access.as === 'patient',
    });
    return { items: rows.map((r) => toMoment(r, ctx.config.apiUrl)), paginationCursor: next };
  },

  getPatientMoment: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const access = await assertCanSeePatient(ctx, patientId);
    const row = await findMoment(ctx.db, {
      patientId,
      momentId: String(ctx.params.momentId),
      hidePrivateNotes: access.as === 'patient',
    });
    if (!row) throw notFound('There is no such entry on this patient’s record.');
    return toMoment(row, ctx.config.apiUrl);
  },

  getFileUploadPolicy: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    await assertCanSeePatient(ctx, patientId);
    const type = String(ctx.query.type).toLowerCase();
    const fileName = String(ctx.query.fileName);
    if (!isAllowedFileType(type)) {
      throw validationError('Files can be images, PDF documents, audio or plain text.', {
        fields: { type: 'is not an accepted file type' },
      });
    }
    if (
      /[\\/]/.test(fileName) ||
      [...fileName].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
    )
      throw validationError('The file name contains characters that are not allowed.', {
        fields: { fileName: 'must not contain slashes or control characters' },
      });
    const momentId = randomUUID();
    const expiresAt = Date.now() + UPLOAD_TTL_MS;
    const token = issueUploadToken(ctx.config.secret, {
      p: patientId,
      m: momentId,
      t: type,
      f: fileName,
      u: ctx.user!.uid,
      e: expiresAt,
    });
    return {
      uploadUrl: `${ctx.config.apiUrl}/uploads/${token}`,
      method: 'PUT',
      headers: { 'Content-Type': type },
      expiresAt: new Date(expiresAt).toISOString(),
      maxBytes: MAX_UPLOAD_BYTES,
      momentId,
    };
  },

  createPatientNote: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const text = String(ctx.query.note);
    if (text.trim() === '')
      throw validationError('A note cannot be blank.', { fields: { note: "can't be blank" } });
    const options = (ctx.body ?? {}) as { visibleToPatient?: boolean; start?: number };
    const author = await ctx.db
      .selectFrom('therapists')
      .select(['first_name', 'last_name'])
      .where('id', '=', therapistId)
      .executeTakeFirst();
    const now = new Date();
    const start = options.start !== undefined ? new Date(options.start) : now;
    const row = (await ctx.db
      .insertInto('moments')
      .values({
        id: randomUUID(),
        patient_id: patientId,
        event_type: 'note',
        body: json({
          text,
          authorId: therapistId,
          authorName: author ? `${author.first_name} ${author.last_name}` : '',
          visibleToPatient: options.visibleToPatient ?? false,
        }),
        start_at: start,
        end_at: start,
        created_by: therapistId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as MomentRow;
    return respond(201, toMoment(row, ctx.config.apiUrl));
  },

  deletePatientNote: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId, role } = await assertAssignedTherapist(ctx, patientId);
    const note = await ctx.db
      .selectFrom('moments')
      .select(['id', 'created_by', 'body'])
      .where('id', '=', String(ctx.params.momentId))
      .where('patient_id', '=', patientId)
      .where('event_type', '=', 'note')
      .executeTakeFirst();
    if (!note) throw notFound('There is no such note on this patient’s record.');
    const authorId = note.created_by ?? (note.body as { authorId?: string }).authorId;
    if (authorId !== therapistId && role !== 'lead')
      throw forbidden('Only the note’s author or the lead therapist can delete it.');
    await ctx.db.deleteFrom('moments').where('id', '=', note.id).execute();
    return respond(204);
  },

  getMomentContent: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    await assertCanSeePatient(ctx, patientId);
    const file = await ctx.db
      .selectFrom('moment_files')
      .select(['content_type', 'file_name', 'size', 'data'])
      .where('moment_id', '=', String(ctx.params.momentId))
      .where('patient_id', '=', patientId)
      .executeTakeFirst();
    if (!file) throw notFound('There is no such file on this patient’s record.');
    const bytes = Buffer.from(file.data);
    ctx.reply
      .code(200)
      .header('content-type', file.content_type)
      .header('content-disposition', contentDisposition(file.file_name))
      .header('cache-control', 'private, no-store')
      .header('content-length', String(bytes.length))
      .send(bytes);
    return undefined;
  },
};
