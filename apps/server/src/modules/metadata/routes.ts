// The calling patient's metadata documents (tag `metadata`), versioned by ETag.
// An update applies `metadataChangeList` (set or remove a dotted path) only when the request's ETag
// header matches the stored version (`*` creates a document that does not exist yet). A missing ETag
// answers 412 `etag_required`, a stale one 412 `etag_mismatch`, both with the current ETag (header and
// details.currentEtag; `*` when the document does not exist) and the current document: nothing is
// overwritten.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { json, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { retryOnConflict } from '../../db/conflicts.ts';
import type { ValidateFunction } from 'ajv';
import { loadContract } from '../../http/contract.ts';
import { etagMismatch, etagRequired, notFound, validationError } from '../../http/errors.ts';
import { contractValidator } from '../../http/validation.ts';
import { toHttpError } from '../../http/validation-errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { requireSelfPatient } from '../patients/access.ts';

interface Row {
  document_id: string;
  data: unknown;
  etag: string;
  updated_at: Date;
}

/** The patient's documents (each as a Row), for the calls to narrow down. */
const documentsOf = (db: Db | Transaction<Database>, patientId: string) =>
  db
    .selectFrom('patient_metadata')
    .select(['document_id', 'data', 'etag', 'updated_at'])
    .where('patient_id', '=', patientId);

const toDocument = (r: Row) => ({
  metadataDocumentId: r.document_id,
  data: (r.data ?? {}) as Record<string, unknown>,
  etag: r.etag,
  updatedAt: new Date(r.updated_at).toISOString(),
});
const newEtag = () => `"${randomUUID()}"`;
/** Compares entity tags ignoring a weak prefix and quotes. */
const sameTag = (a: string, b: string) =>
  a.replace(/^W\//, '').replace(/^"|"$/g, '') === b.replace(/^W\//, '').replace(/^"|"$/g, '');

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

interface Change {
  op: 'set' | 'remove';
  path: string;
  value?: unknown;
}

/** Applies the changes in order to a copy of `data` (400 naming the change when one cannot apply). */
export function applyChanges(data: Record<string, unknown>, changes: Change[]): Record<string, unknown> {
  const out = structuredClone(data);
  changes.forEach((c, i) => {
    const field = `metadataChangeList.${i}`;
    const keys = c.path.split('.');
    if (keys.some((k) => FORBIDDEN_KEYS.has(k)))
      throw validationError(`The path ${c.path} is not allowed.`, {
        fields: { [`${field}.path`]: 'uses a reserved name' },
      });
    if (c.op === 'set' && c.value === undefined)
      throw validationError('A set change needs a value.', {
        fields: { [`${field}.value`]: "can't be blank" },
      });
    let node: Record<string, unknown> = out;
    for (const [depth, key] of keys.slice(0, -1).entries()) {
      const next = node[key];
      if (next === undefined) {
        if (c.op === 'remove') return;
        node[key] = {};
      } else if (next === null || typeof next !== 'object' || Array.isArray(next)) {
        throw validationError(`${keys.slice(0, depth + 1).join('.')} is not an object.`, {
          fields: { [`${field}.path`]: 'goes through a value that is not an object' },
        });
      }
      node = node[key] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1]!;
    if (c.op === 'set') node[last] = c.value;
    else delete node[last];
  });
  return out;
}

/** The documents whose data has a shape in the contract, and that shape's schema (components.schemas). */
export const DOCUMENT_SHAPES: Readonly<Record<string, string>> = {
  goals: 'PatientGoals',
  preferences: 'PatientPreferences',
};

let shapeValidators: Map<string, ValidateFunction> | undefined;

/**
 * Refuses (400, naming the field under `data.`) a `goals` or `preferences` document that would no longer
 * fit the contract's PatientGoals / PatientPreferences after the changes; other documents are free-form.
 * Checked on the result, so a change list may pass through an intermediate shape.
 */
export function checkDocumentShape(documentId: string, data: Record<string, unknown>): void {
  const schema = DOCUMENT_SHAPES[documentId];
  if (!schema) return;
  if (!shapeValidators) {
    const validator = contractValidator(loadContract());
    shapeValidators = new Map(
      Object.entries(DOCUMENT_SHAPES).map(([id, name]) => [id, validator.componentValidator(name)]),
    );
  }
  const validate = shapeValidators.get(documentId)!;
  if (validate(data)) return;
  const error = toHttpError(validate.errors ?? [], 'body');
  const field =
    error.details?.field && error.details.field !== 'body' ? `data.${String(error.details.field)}` : 'data';
  const reason = Object.values((error.details?.fields ?? {}) as Record<string, string>)[0] ?? 'is invalid';
  throw validationError(
    `The ${documentId} document's ${field.replace(/^data\.?/, '') || 'data'} ${reason}.`,
    { fields: { [field]: reason }, field, in: 'body', rule: error.details?.rule },
  );
}

export const handlers: Handlers = {
  listPatientMetadata: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const rows = await documentsOf(ctx.db, patient.id).orderBy('document_id').execute();
    return { items: rows.map(toDocument) };
  },

  getPatientMetadata: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const row = await documentsOf(ctx.db, patient.id)
      .where('document_id', '=', String(ctx.params.metadataDocumentId))
      .executeTakeFirst();
    if (!row) throw notFound('There is no such metadata document.');
    return respond(200, toDocument(row), { etag: row.etag });
  },

  updatePatientMetadata: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const documentId = String(ctx.params.metadataDocumentId);
    const sent =
      typeof ctx.headers.etag === 'string' && ctx.headers.etag !== '' ? ctx.headers.etag : undefined;
    const changes = (ctx.body as { metadataChangeList: Change[] }).metadataChangeList;
    // Two first writes at once (both sent `*`): the loser's insert conflicts, and its second run finds the
    // document and answers 412 as a sequential second write would, not 500.
    const row = await retryOnConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        const current = await documentsOf(trx, patient.id)
          .where('document_id', '=', documentId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) {
          if (sent === undefined) throw etagRequired('*');
          if (sent !== '*') throw etagMismatch('*');
        } else {
          if (sent === undefined) throw etagRequired(current.etag, toDocument(current));
          if (!sameTag(sent, current.etag)) throw etagMismatch(current.etag, toDocument(current));
        }
        const data = applyChanges((current?.data ?? {}) as Record<string, unknown>, changes);
        checkDocumentShape(documentId, data);
        const now = new Date();
        const values = { data: json(data), etag: newEtag(), updated_at: now };
        return current
          ? trx
              .updateTable('patient_metadata')
              .set(values)
              .where('patient_id', '=', patient.id)
              .where('document_id', '=', documentId)
              .returning(['document_id', 'data', 'etag', 'updated_at'])
              .executeTakeFirstOrThrow()
          : trx
              .insertInto('patient_metadata')
              .values({ patient_id: patient.id, document_id: documentId, created_at: now, ...values })
              .returning(['document_id', 'data', 'etag', 'updated_at'])
              .executeTakeFirstOrThrow();
      }),
    );
    return respond(200, toDocument(row), { etag: row.etag });
  },
};
