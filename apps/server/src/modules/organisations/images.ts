// Organisation logos: a signed, expiring upload target (getOrganisationImageUploadPolicy) and the
// non-contract routes that accept and serve the image, registered by this module's `register` hook.
//
//   PUT {apiUrl}/organisation-images/upload/{token}   body: the image (PNG, JPEG or SVG, ≤ 2 MB)
//   GET {apiUrl}/organisation-images/{imageId}         the image, publicly readable (a logo)
//
// The token is base64url(JSON {i: imageId, u: uploaderId, e: expiresAtMs}) "." base64url(HMAC-SHA256(
// TEND_SECRET, "tend-org-image." + payload)): only this server issues one, nobody can change it, it is
// accepted once (a second upload answers 409) and not after 15 minutes. The bytes are checked against the
// declared type (PNG and JPEG signatures; SVG must be an <svg> document without scripts or event handlers)
// and kept in the database (organisation_images). SVGs are served with a sandboxing CSP.
import { randomUUID } from 'node:crypto';
import { hasGrantFields, readGrant, signGrant } from '../../auth/crypto.ts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { registerUpload } from '../../http/uploads.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TTL_MS = 15 * 60_000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

interface ImageGrant {
  i: string;
  u: string;
  e: number;
}

const IMAGE_PURPOSE = 'tend-org-image';
const isImageGrant = (value: unknown): value is ImageGrant => hasGrantFields(value, ['i', 'u']);

export function issueImagePolicy(deps: Pick<AppDeps, 'config'>, uploaderId: string, now = Date.now()) {
  const grant: ImageGrant = { i: randomUUID(), u: uploaderId, e: now + IMAGE_TTL_MS };
  const token = signGrant(deps.config.secret, IMAGE_PURPOSE, grant);
  return {
    uploadUrl: `${deps.config.apiUrl}/organisation-images/upload/${token}`,
    method: 'PUT' as const,
    headers: {},
    expiresAt: new Date(grant.e).toISOString(),
    maxBytes: MAX_IMAGE_BYTES,
    url: `${deps.config.apiUrl}/organisation-images/${grant.i}`,
  };
}

export function readImageToken(secret: string, token: string): ImageGrant | null {
  return readGrant(secret, IMAGE_PURPOSE, token, isImageGrant);
}

/** Whether the bytes are what the type says (and, for SVG, free of scripts). */
export function imageMatchesType(type: string, bytes: Buffer): boolean {
  if (type === 'image/png')
    return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (type === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (type === 'image/svg+xml') {
    const text = bytes.toString('utf8');
    return /<svg[\s>]/i.test(text) && !/<script|\son[a-z]+\s*=|javascript:|<foreignObject/i.test(text);
  }
  return false;
}

export async function registerImages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerUpload(app, {
    path: '/organisation-images/upload/:token',
    maxBytes: MAX_IMAGE_BYTES,
    readToken: (token) => readImageToken(deps.config.secret, token),
    refuseType: (type) =>
      (IMAGE_TYPES as readonly string[]).includes(type) ? null : 'Upload a PNG, JPEG or SVG image.',
    handle: async ({ grant, type, bytes }) => {
      if (!imageMatchesType(type, bytes)) {
        throw new HttpError(
          400,
          'invalid_request',
          `The file is not a valid ${type.slice(6).toUpperCase()} image.`,
          { fields: { body: 'does not match its type' } },
        );
      }
      const inserted = await deps.db
        .insertInto('organisation_images')
        .values({ id: grant.i, content_type: type, size: bytes.length, data: bytes, uploaded_by: grant.u })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new HttpError(409, 'already_uploaded', 'This upload link has already been used.');
      return {
        url: `${deps.config.apiUrl}/organisation-images/${grant.i}`,
        contentType: type,
        size: bytes.length,
      };
    },
  });
  app.get('/organisation-images/:imageId', async (request, reply) => {
    const { imageId } = request.params as { imageId: string };
    if (!/^[0-9a-f-]{36}$/.test(imageId)) throw new HttpError(404, 'not_found', 'No such image.');
    const row = await deps.db
      .selectFrom('organisation_images')
      .select(['content_type', 'data'])
      .where('id', '=', imageId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No such image.');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(row.content_type).send(Buffer.from(row.data));
  });
}
