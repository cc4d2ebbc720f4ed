// Signed, expiring upload targets for file moments, and the non-contract route that accepts them.
//
// getFileUploadPolicy answers `PUT {apiUrl}/uploads/{token}`. The token is
//   base64url(JSON {p: patientId, m: momentId, t: contentType, f: fileName, u: uploaderId, e: expiresAtMs})
//   "." base64url(HMAC-SHA256(TEND_SECRET, "tend-upload." + payload))
// so only this server can issue one and nobody can change what it allows. The upload must carry the
// token's Content-Type and at most MAX_UPLOAD_BYTES; it creates the `file` moment `momentId` once (a
// second upload answers 409) and keeps the bytes in the database (moment_files, bytea). The uploader's
// right to the patient is checked again at upload time (a therapist discharged meanwhile is refused).
import { hasGrantFields, readGrant, signGrant } from '../../auth/crypto.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { retryOnConflict } from '../../db/conflicts.ts';
import { HttpError, forbidden } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { registerUpload } from '../../http/uploads.ts';
import { toMoment, type MomentRow } from '../moments/model.ts';
import { careRole } from '../patients/access.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TTL_MS = 15 * 60_000;

/** Media types a file moment may have: images, PDF, audio, plain text. */
export function isAllowedFileType(type: string): boolean {
  return (
    /^image\/(png|jpeg|gif|webp|heic|heif)$/.test(type) ||
    type === 'application/pdf' ||
    /^audio\/[a-z0-9.+-]+$/.test(type) ||
    type === 'text/plain'
  );
}

export interface UploadGrant {
  p: string;
  m: string;
  t: string;
  f: string;
  u: string;
  e: number;
}

const UPLOAD_PURPOSE = 'tend-upload';
const isUploadGrant = (value: unknown): value is UploadGrant =>
  hasGrantFields(value, ['p', 'm', 't', 'f', 'u']);

export function issueUploadToken(secret: string, grant: UploadGrant): string {
  return signGrant(secret, UPLOAD_PURPOSE, grant);
}

/** The grant of a token this server signed, or null (bad format or signature). Expiry is checked by the caller. */
export function readUploadToken(secret: string, token: string): UploadGrant | null {
  return readGrant(secret, UPLOAD_PURPOSE, token, isUploadGrant);
}

async function mayWrite(db: Db, patientId: string, uploaderId: string): Promise<boolean> {
  if (patientId === uploaderId) return true;
  return (await careRole(db, patientId, uploaderId)) !== null;
}

/** Registers PUT /uploads/:token (its own body parser and limit, encapsulated from the contract routes). */
export async function registerUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerUpload(app, {
    path: '/uploads/:token',
    maxBytes: MAX_UPLOAD_BYTES,
    readToken: (token) => readUploadToken(deps.config.secret, token),
    refuseType: (type, grant) => (type === grant.t ? null : `Upload this file as ${grant.t}.`),
    handle: async ({ grant, bytes }) => {
      if (!(await mayWrite(deps.db, grant.p, grant.u)))
        throw forbidden('You may no longer add files for this patient.');
      // The same upload sent twice at once: the loser's insert conflicts, and its second run answers 409.
      const row = await retryOnConflict(() =>
        deps.db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('moments')
            .select('id')
            .where('id', '=', grant.m)
            .executeTakeFirst();
          if (existing)
            throw new HttpError(409, 'already_uploaded', 'This upload link has already been used.');
          const now = new Date();
          const created = (await trx
            .insertInto('moments')
            .values({
              id: grant.m,
              patient_id: grant.p,
              event_type: 'file',
              body: json({ fileName: grant.f, contentType: grant.t, size: bytes.length }),
              start_at: now,
              end_at: now,
              created_by: grant.u,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow()) as MomentRow;
          await trx
            .insertInto('moment_files')
            .values({
              moment_id: grant.m,
              patient_id: grant.p,
              content_type: grant.t,
              file_name: grant.f,
              size: bytes.length,
              data: bytes,
              uploaded_by: grant.u,
            })
            .execute();
          return created;
        }),
      );
      return toMoment(row, deps.config.apiUrl);
    },
  });
}
