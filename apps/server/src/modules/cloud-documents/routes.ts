import { HttpError, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { json } from '../../db/index.ts';

/** The caller's own documents: keyed by (uid, name, dataStructureVersion). */
export const handlers: Handlers = {
  getCloudDocument: async (_request, ctx) => {
    const name = String(ctx.params.name);
    const version = Number(ctx.query.dataStructureVersion);
    const row = await ctx.db
      .selectFrom('cloud_documents')
      .select(['content', 'timestamp'])
      .where('owner_id', '=', ctx.user!.uid)
      .where('name', '=', name)
      .where('data_structure_version', '=', version)
      .executeTakeFirst();
    if (!row) throw notFound(`The cloud document '${name}' (version ${version}) was never written.`);
    return { name, content: row.content, timestamp: Number(row.timestamp), dataStructureVersion: version };
  },

  /**
   * Last writer by timestamp wins: a write whose timestamp is older than the stored one answers 409
   * stale_timestamp and changes nothing. Equal timestamps overwrite (the same client retrying).
   * With expectedTimestamp the write is conditional on the stored version (0: none stored yet), so a client
   * that edited the version it read never overwrites another device's save (409 stale_timestamp instead).
   */
  putCloudDocument: async (_request, ctx) => {
    const owner = ctx.user!.uid;
    const name = String(ctx.params.name);
    const version = Number(ctx.query.dataStructureVersion);
    const timestamp = Number(ctx.query.timestamp);
    return ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('cloud_documents')
        .select('timestamp')
        .where('owner_id', '=', owner)
        .where('name', '=', name)
        .where('data_structure_version', '=', version)
        .forUpdate()
        .executeTakeFirst();
      const expected =
        ctx.query.expectedTimestamp === undefined ? undefined : Number(ctx.query.expectedTimestamp);
      const stored = current ? Number(current.timestamp) : 0;
      if (expected !== undefined && stored !== expected) {
        throw new HttpError(409, 'stale_timestamp', 'This document was saved elsewhere since you read it.', {
          timestamp: stored,
        });
      }
      if (current && Number(current.timestamp) > timestamp) {
        throw new HttpError(409, 'stale_timestamp', 'A newer version of this document is already stored.', {
          timestamp: Number(current.timestamp),
        });
      }
      const values = { content: json(ctx.body), timestamp, updated_at: new Date() };
      await trx
        .insertInto('cloud_documents')
        .values({ owner_id: owner, name, data_structure_version: version, ...values })
        .onConflict((oc) => oc.columns(['owner_id', 'name', 'data_structure_version']).doUpdateSet(values))
        .execute();
      return timestamp;
    });
  },

  getCloudDocumentTimestamp: async (_request, ctx) => {
    const row = await ctx.db
      .selectFrom('cloud_documents')
      .select('timestamp')
      .where('owner_id', '=', ctx.user!.uid)
      .where('name', '=', String(ctx.params.name))
      .where('data_structure_version', '=', Number(ctx.query.dataStructureVersion))
      .executeTakeFirst();
    return row ? Number(row.timestamp) : 0;
  },
};
