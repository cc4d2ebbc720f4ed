// The people of an organisation (tag `organisations`): adding an existing patient (and finding one by
// address), the roles each person holds here, and the organisation's access code.
import { type Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { callerOf, requireAdminOf } from './access.ts';
import { admitPatient, assignAccessCode } from './membership.ts';
import { organisationRoles } from './roles.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const peopleHandlers: Handlers = {
  addPatientToOrganisation: async (_req, ctx) => {
    const user = callerOf(ctx);
    const id = String(ctx.params.organisation);
    const patientId = String(ctx.params.patient);
    const scope = await requireAdminOf(ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .select(['id', 'organisation_id', 'email', 'first_name', 'last_name'])
        .where('id', '=', patientId)
        .executeTakeFirst();
      // An administrator moves only patients of organisations they administer (404 for anyone else's).
      if (!patient || !scope.ids.has(patient.organisation_id)) throw notFound('No such patient.');
      const membership = await admitPatient(
        trx as unknown as Db,
        id,
        {
          userId: patient.id,
          email: patient.email,
          firstName: patient.first_name,
          lastName: patient.last_name,
        },
        user.uid,
        { move: true },
      );
      return {
        organisationId: membership.organisationId,
        patientId: membership.patientId,
        joinedAt: membership.joinedAt,
      };
    });
  },

  // The admin console's "add an existing patient" finds the patient by address: only patients of the
  // organisations the caller administers (the ones addPatientToOrganisation may move); anyone else's answer
  // is the same 404 as an unknown address, so the call cannot be used to learn who has an account.
  findPatientForOrganisation: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    const scope = await requireAdminOf(ctx, id);
    const email = String(ctx.query.email).trim().toLowerCase();
    const patient = await ctx.db
      .selectFrom('patients')
      .innerJoin('organisations', 'organisations.id', 'patients.organisation_id')
      .select([
        'patients.id',
        'patients.email',
        'patients.first_name',
        'patients.last_name',
        'patients.organisation_id',
        'organisations.name as organisation_name',
      ])
      .where((eb) => eb(eb.fn('lower', ['patients.email']), '=', email))
      .executeTakeFirst();
    if (!patient || !scope.ids.has(patient.organisation_id))
      throw notFound('No patient of your organisations has this e-mail address.');
    ctx.log.info(
      { organisationId: id, patientId: patient.id, by: callerOf(ctx).uid },
      'patient looked up by e-mail to add to an organisation',
    );
    return {
      patientId: patient.id,
      email: patient.email,
      firstName: patient.first_name,
      lastName: patient.last_name,
      organisationId: patient.organisation_id,
      organisationName: patient.organisation_name,
      memberHere: patient.organisation_id === id,
    };
  },

  listOrganisationRoles: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 50;
    return organisationRoles(ctx.db, id, pageSize, str(ctx.query.lastPage) ?? null);
  },

  regenerateOrganisationAccessCode: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const accessCode = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('No such organisation.');
      return assignAccessCode(trx as unknown as Db, id);
    });
    ctx.log.info({ organisationId: id, by: callerOf(ctx).uid }, 'organisation access code replaced');
    return { accessCode };
  },
};
