import { describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { as, caller, useAdminTestApp } from './test-support.ts';
import { imageMatchesType } from './images.ts';
import { rowsWhere } from '../../../test/helpers.ts';

const t = useAdminTestApp();
const call = caller(t);
const op = operate(t);

const get = (operationId: string, url: string, user: string | null, headers: Record<string, string> = {}) =>
  call(operationId, { method: 'GET', url, headers: { ...as(user), ...headers } });
/** The status alone of a GET (a refusal, a bad id). */
const getStatus = async (operationId: string, url: string, user: string | null) =>
  (await get(operationId, url, user)).res.statusCode;
const patch = (operationId: string, url: string, user: string | null, payload: unknown, etag?: string) =>
  call(operationId, {
    method: 'PATCH',
    url,
    headers: { ...as(user), ...(etag ? { etag } : {}) },
    payload: payload as object,
  });
/** Turns an organisation on (with its places, when given) or off, as that user. */
const enable = (organisation: string, user: string, maxRedemptions?: string) =>
  op(user, 'enableOrganisation', {
    params: { organisation },
    query: maxRedemptions === undefined ? {} : { maxRedemptions },
  });
const disable = (organisation: string, user: string) =>
  op(user, 'disableOrganisation', { params: { organisation } });

describe('listing and search', () => {
  it('lists what the admin administers, by name, with a lastPage cursor', async () => {
    const first = await get('listOrganisations', '/organisation/list?pageSize=1', 'admin');
    expect(first.res.statusCode).toBe(200);
    expect(first.body.items).toEqual([
      { id: 'org-tend-health', name: 'Tend Health', enabled: true, parentOrganisation: null, childCount: 1 },
    ]);
    expect(first.body.lastPage).toEqual(expect.any(String));
    const second = await get(
      'listOrganisations',
      `/organisation/list?pageSize=1&lastPage=${first.body.lastPage}`,
      'admin',
    );
    expect(second.body.items.map((o: { id: string }) => o.id)).toEqual(['org-tend-north']);
    expect(second.body.lastPage).toBeNull();
    const children = await get(
      'listOrganisations',
      '/organisation/list?parentOrganisation=org-tend-health',
      'admin',
    );
    expect(children.body.items.map((o: { id: string }) => o.id)).toEqual(['org-tend-north']);
    const platform = await get('listOrganisations', '/organisation/list', 'platform');
    expect(platform.body.items.map((o: { id: string }) => o.id)).toEqual([
      'org-elsewhere',
      'org-tend-health',
      'org-tend-north',
    ]);
    const north = await get('listOrganisations', '/organisation/list', 'northAdmin');
    expect(north.body.items.map((o: { id: string }) => o.id)).toEqual(['org-tend-north']);
  });

  it('refuses other callers and bad cursors', async () => {
    expect(await getStatus('listOrganisations', '/organisation/list', null)).toBe(401);
    expect(await getStatus('listOrganisations', '/organisation/list', 'patient')).toBe(403);
    expect(
      await getStatus(
        'listOrganisations',
        '/organisation/list?parentOrganisation=org-tend-health',
        'otherAdmin',
      ),
    ).toBe(403);
    expect(
      await getStatus(
        'listOrganisations',
        '/organisation/list?parentOrganisation=org-tend-health',
        'northAdmin',
      ),
    ).toBe(403);
    expect(await getStatus('listOrganisations', '/organisation/list?lastPage=nonsense', 'admin')).toBe(400);
    expect(await getStatus('listOrganisations', '/organisation/list?pageSize=0', 'admin')).toBe(400);
  });

  it('searches by name or id among administered organisations only', async () => {
    const res = await get('searchOrganisations', '/organisation/action/search?term=NORTH', 'admin');
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual(['org-tend-north']);
    expect(
      (await get('searchOrganisations', '/organisation/action/search?term=tend', 'otherAdmin')).body.items,
    ).toEqual([]);
    expect(
      (await get('searchOrganisations', '/organisation/action/search?term=elsewhere', 'otherAdmin')).body
        .items,
    ).toHaveLength(1);
    expect(await getStatus('searchOrganisations', '/organisation/action/search?term=', 'admin')).toBe(400);
    expect(await getStatus('searchOrganisations', '/organisation/action/search?term=tend', 'therapist')).toBe(
      403,
    );
  });
});

describe('views and the merge rule', () => {
  it('unmerged shows own values only; merged resolves each field from the nearest organisation that sets it', async () => {
    const own = await get('getOrganisationUnmerged', '/organisation/org-tend-north/unmerged', 'admin');
    expect(own.res.statusCode).toBe(200);
    expect(own.body.subscription).toMatchObject({
      maxRedemptions: 100,
      plan: null,
      endsAt: null,
      // places used: North's one patient (patient-13), see numbers.ts
      redemptions: 1,
    });
    expect(own.body.appSettings).toMatchObject({ journalEnabled: false, chatEnabled: null });
    expect(own.body.researchSettings).toBeNull();
    expect(own.body.details).toMatchObject({ name: 'Tend Health North', contactEmail: null });
    const merged = await get('getOrganisationMerged', '/organisation/org-tend-north/merged', 'admin');
    expect(merged.body.appSettings).toMatchObject({
      journalEnabled: false,
      chatEnabled: true,
      idleTimeoutMinutes: 15,
      crisisLines: [{ name: 'Samaritans', phone: '116 123' }],
    });
    expect(merged.body.subscription).toMatchObject({
      maxRedemptions: 100,
      plan: 'enterprise',
      endsAt: '2099-12-31',
    });
    expect(merged.body.researchSettings).toMatchObject({
      researchEnabled: true,
      consentRequired: true,
      studyId: null,
    });
    expect(merged.body.details).toMatchObject({
      name: 'Tend Health North',
      contactEmail: 'care@tend-health.example',
      whitelistedDomains: ['tend-health.example'],
    });
  });

  it('section reads carry their ETag in the header and body', async () => {
    for (const [op, url] of [
      ['getOrganisationDetails', '/organisation/org-tend-north/details/unmerged'],
      ['getOrganisationAppSettings', '/organisation/org-tend-north/app-settings/unmerged'],
      ['getOrganisationSubscription', '/organisation/org-tend-north/subscription'],
      ['getOrganisationSubscriptionUnmerged', '/organisation/org-tend-north/subscription/unmerged'],
      ['getOrganisationResearchSettings', '/organisation/org-tend-north/research-settings/unmerged'],
    ] as const) {
      const { res, body } = await get(op, url, 'admin');
      expect(res.statusCode, op).toBe(200);
      expect(res.headers.etag).toBe(body.etag);
      expect(await getStatus(op, url, 'otherAdmin'), op).toBe(404);
      expect(await getStatus(op, url.replace('org-tend-north', 'org-tend-health'), 'northAdmin'), op).toBe(
        404,
      );
      expect(await getStatus(op, url.replace('org-tend-north', 'bad id!'), 'admin'), op).toBe(400);
      expect(await getStatus(op, url, 'patient'), op).toBe(403);
    }
    const sub = await get(
      'getOrganisationSubscription',
      '/organisation/org-tend-north/subscription',
      'admin',
    );
    expect(sub.body).toMatchObject({ plan: 'enterprise', maxRedemptions: 100 });
    expect(await getStatus('getOrganisationUnmerged', '/organisation/org-nope/unmerged', 'platform')).toBe(
      404,
    );
    expect(
      await getStatus('getOrganisationMerged', '/organisation/org-tend-health/merged', 'otherAdmin'),
    ).toBe(404);
    expect(await getStatus('getOrganisationMerged', '/organisation/bad%20id/merged', 'admin')).toBe(400);
    expect(await getStatus('getOrganisationUnmerged', '/organisation/bad%20id/unmerged', 'admin')).toBe(400);
    expect(
      await getStatus('getOrganisationUnmerged', '/organisation/org-tend-health/unmerged', 'therapist'),
    ).toBe(403);
    expect((await disable('bad id', 'admin')).res.statusCode).toBe(400);
  });

  it('the caller’s own organisation and subscription validity', async () => {
    const mine = await get('getMyOrganisation', '/organisation', 'patient');
    expect(mine.body).toMatchObject({ id: 'org-tend-health', enabled: true });
    expect((await get('getMyOrganisation', '/organisation', 'therapist3')).body.id).toBe('org-tend-north');
    expect((await get('getMyOrganisation', '/organisation', 'otherAdmin')).body.id).toBe('org-elsewhere');
    expect(await getStatus('getMyOrganisation', '/organisation', 'dataExport')).toBe(404);
    expect(await getStatus('getMyOrganisation', '/organisation', null)).toBe(401);
    const valid = await get('getSubscriptionValidity', '/organisation/subscription/valid', 'patient');
    expect(valid.body).toEqual({
      valid: true,
      reason: null,
      organisationId: 'org-tend-health',
      endsAt: '2099-12-31',
    });
    expect(
      (await get('getSubscriptionValidity', '/organisation/subscription/valid', 'dataExport')).body,
    ).toMatchObject({ valid: false, reason: 'no_organisation' });
    expect(await getStatus('getSubscriptionValidity', '/organisation/subscription/valid', null)).toBe(401);
  });
});

describe('PATCH with ETags', () => {
  it('changes own details only with the current ETag; stale or missing answers 412 and keeps the stored values', async () => {
    const url = '/organisation/org-tend-north/details';
    const read = await get(
      'getOrganisationDetails',
      '/organisation/org-tend-north/details/unmerged',
      'admin',
    );
    const missing = await patch('updateOrganisationDetails', url, 'admin', { phone: '0100' });
    expect(missing.res.statusCode).toBe(412);
    expect(missing.body.code).toBe('etag_required');
    expect(missing.res.headers.etag).toBe(read.body.etag);
    const ok = await patch(
      'updateOrganisationDetails',
      url,
      'admin',
      { phone: '0100', whitelistedDomains: ['north.example', 'north.example'] },
      read.body.etag,
    );
    expect(ok.res.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ phone: '0100', whitelistedDomains: ['north.example'] });
    expect(ok.body.etag).not.toBe(read.body.etag);
    const stale = await patch('updateOrganisationDetails', url, 'admin', { phone: '0200' }, read.body.etag);
    expect(stale.res.statusCode).toBe(412);
    expect(stale.body).toMatchObject({
      code: 'etag_mismatch',
      details: { currentEtag: ok.body.etag, current: { phone: '0100' } },
    });
    expect(
      (await get('getOrganisationDetails', '/organisation/org-tend-north/details/unmerged', 'admin')).body
        .phone,
    ).toBe('0100');
    expect(
      (await patch('updateOrganisationDetails', url, 'otherAdmin', { phone: '1' }, ok.body.etag)).res
        .statusCode,
    ).toBe(404);
    expect(
      (await patch('updateOrganisationDetails', url, 'admin', { colour: 'red' }, ok.body.etag)).res
        .statusCode,
    ).toBe(400);
    expect(
      (await patch('updateOrganisationDetails', url, 'admin', { name: '   ' }, ok.body.etag)).res.statusCode,
    ).toBe(400);
    expect((await patch('updateOrganisationDetails', url, 'admin', {}, ok.body.etag)).res.statusCode).toBe(
      400,
    );
  });

  it('app settings: null removes an override so the parent’s value shows through', async () => {
    const url = '/organisation/org-tend-north/app-settings';
    const read = await get('getOrganisationAppSettings', `${url}/unmerged`, 'admin');
    const res = await patch(
      'updateOrganisationAppSettings',
      url,
      'admin',
      { journalEnabled: null, chatEnabled: false },
      read.body.etag,
    );
    expect(res.res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ journalEnabled: null, chatEnabled: false });
    const merged = await get('getOrganisationMerged', '/organisation/org-tend-north/merged', 'admin');
    expect(merged.body.appSettings).toMatchObject({ journalEnabled: true, chatEnabled: false });
    expect(
      (await patch('updateOrganisationAppSettings', url, 'admin', { idleTimeoutMinutes: 1 }, res.body.etag))
        .res.statusCode,
    ).toBe(400);
    expect(
      (await patch('updateOrganisationAppSettings', url, 'admin', { chatEnabled: true }, '"stale"')).res
        .statusCode,
    ).toBe(412);
    expect(
      (await patch('updateOrganisationAppSettings', url, 'northAdmin', { chatEnabled: true }, res.body.etag))
        .res.statusCode,
    ).toBe(200);
    expect(
      (
        await patch(
          'updateOrganisationAppSettings',
          '/organisation/org-tend-health/app-settings',
          'northAdmin',
          { chatEnabled: false },
          res.body.etag,
        )
      ).res.statusCode,
    ).toBe(404);
  });

  it('subscription and research settings', async () => {
    const sub = await get(
      'getOrganisationSubscription',
      '/organisation/org-tend-north/subscription',
      'admin',
    );
    const updateSubscription = (user: string, payload: object, etag?: string) =>
      patch(
        'updateOrganisationSubscription',
        '/organisation/org-tend-north/subscription',
        user,
        payload,
        etag,
      );
    const res = await updateSubscription('admin', { plan: 'standard', seats: 20 }, sub.body.etag);
    expect(res.res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'standard',
      seats: 20,
      maxRedemptions: 100,
      endsAt: '2099-12-31',
    });
    expect(res.res.headers.etag).toBe(res.body.etag);
    expect(
      (await updateSubscription('admin', { startsAt: '2030-01-02', endsAt: '2030-01-01' }, res.body.etag)).res
        .statusCode,
    ).toBe(400);
    expect((await updateSubscription('admin', { plan: 'gold' }, res.body.etag)).res.statusCode).toBe(400);
    expect((await updateSubscription('admin', { plan: 'trial' })).res.statusCode).toBe(412);
    expect((await updateSubscription('otherAdmin', { plan: 'trial' }, res.body.etag)).res.statusCode).toBe(
      404,
    );

    const rs = await get(
      'getOrganisationResearchSettings',
      '/organisation/org-tend-north/research-settings/unmerged',
      'admin',
    );
    const updateResearch = (user: string, payload: object, etag: string) =>
      patch(
        'updateOrganisationResearchSettings',
        '/organisation/org-tend-north/research-settings',
        user,
        payload,
        etag,
      );
    const changed = await updateResearch(
      'admin',
      { studyId: 'STUDY-1', dataRetentionDays: 365 },
      rs.body.etag,
    );
    expect(changed.body).toMatchObject({ studyId: 'STUDY-1', dataRetentionDays: 365, researchEnabled: null });
    expect((await updateResearch('admin', { dataRetentionDays: 1 }, changed.body.etag)).res.statusCode).toBe(
      400,
    );
    expect((await updateResearch('admin', { studyId: 'X' }, rs.body.etag)).res.statusCode).toBe(412);
    expect((await updateResearch('patient', { studyId: 'X' }, rs.body.etag)).res.statusCode).toBe(403);
  });
});

describe('create, enable, disable and patients', () => {
  it('creates a child organisation (text id; the creator administers it) and refuses what is not theirs', async () => {
    const create = (user: string, maxRedemptions: string | null, details: Record<string, unknown>) =>
      op(user, 'createOrganisation', {
        query: maxRedemptions === null ? {} : { maxRedemptions },
        payload: { tubAdminOrganisationDetails: details },
      });
    const created = await create('admin', '2', {
      name: 'Tend South',
      country: 'GB',
      parentOrganisation: 'org-tend-health',
    });
    expect(created.res.statusCode).toBe(201);
    expect(created.res.headers['content-type']).toMatch(/^text\/plain/);
    const id = created.res.body;
    expect(id).toMatch(/^org-tend-south-[0-9a-f]{8}$/);
    const view = await get('getOrganisationUnmerged', `/organisation/${id}/unmerged`, 'admin');
    expect(view.body).toMatchObject({
      name: 'Tend South',
      parentOrganisation: 'org-tend-health',
      subscription: { maxRedemptions: 2 },
      details: { country: 'GB' },
    });
    const dup = await create('admin', '2', { name: 'tend south', parentOrganisation: 'org-tend-health' });
    expect(dup.res.statusCode).toBe(409);
    const foreign = await create('otherAdmin', '2', {
      name: 'Sneaky',
      parentOrganisation: 'org-tend-health',
    });
    expect(foreign.res.statusCode).toBe(403);
    const root = await create('admin', '2', { name: 'A root' });
    expect(root.res.statusCode).toBe(403);
    const platformRoot = await create('platform', '5', { name: 'Platform root' });
    expect(platformRoot.res.statusCode).toBe(201);
    expect((await create('admin', null, { name: 'x' })).res.statusCode).toBe(400);
    expect((await create('admin', '1', {})).res.statusCode).toBe(400);
    expect((await create('therapist', '1', { name: 'x' })).res.statusCode).toBe(403);
  });

  it('finds a patient by e-mail for an administrator of their organisation only (404 otherwise, like an unknown address)', async () => {
    const find = (org: string, email: string, user: string | null) =>
      get(
        'findPatientForOrganisation',
        `/organisation/${org}/patient-lookup?email=${encodeURIComponent(email)}`,
        user,
      );
    const found = await find('org-tend-north', 'Patient-01@Example.com', 'admin');
    expect(found.res.statusCode).toBe(200);
    expect(found.body).toEqual({
      patientId: 'patient-01',
      email: 'patient-01@example.com',
      firstName: 'Sam',
      lastName: 'Patient',
      organisationId: 'org-tend-health',
      organisationName: 'Tend Health',
      memberHere: false,
    });
    expect((await find('org-tend-north', 'patient-13@example.com', 'admin')).body).toMatchObject({
      patientId: 'patient-13',
      memberHere: true,
    });
    // Another organisation's patient and an unknown address answer alike.
    const foreign = await find('org-tend-north', 'patient-99@example.com', 'admin');
    const unknown = await find('org-tend-north', 'nobody@example.com', 'admin');
    expect([foreign.res.statusCode, unknown.res.statusCode]).toEqual([404, 404]);
    expect(foreign.body.code).toBe(unknown.body.code);
    // The administrator of North only does not find Tend Health's patients, nor look up for Tend Health.
    expect((await find('org-tend-north', 'patient-01@example.com', 'northAdmin')).res.statusCode).toBe(404);
    expect((await find('org-tend-health', 'patient-13@example.com', 'northAdmin')).res.statusCode).toBe(404);
    expect((await find('org-tend-north', 'patient-01@example.com', 'patient')).res.statusCode).toBe(403);
    expect((await find('org-tend-north', 'patient-01@example.com', null)).res.statusCode).toBe(401);
    expect((await find('org-tend-north', 'not an address', 'admin')).res.statusCode).toBe(400);
  });

  it('adds a patient once per redemption, up to maxRedemptions; a disabled organisation’s codes stop working', async () => {
    const put = (organisation: string, patient: string, user: string) =>
      op(user, 'addPatientToOrganisation', { params: { organisation, patient } });
    const moved = await put('org-tend-north', 'patient-03', 'admin');
    expect(moved.res.statusCode).toBe(200);
    expect(moved.body).toMatchObject({ organisationId: 'org-tend-north', patientId: 'patient-03' });
    expect((await put('org-tend-north', 'patient-03', 'admin')).body.joinedAt).toBe(moved.body.joinedAt);
    expect(await rowsWhere(t.db, 'patients', { id: 'patient-03' })).toMatchObject([
      { organisation_id: 'org-tend-north' },
    ]);
    expect((await put('org-tend-north', 'patient-99', 'admin')).res.statusCode).toBe(404);
    expect((await put('org-tend-north', 'patient-01', 'otherAdmin')).res.statusCode).toBe(404);
    expect((await put('org-tend-north', 'nobody', 'admin')).res.statusCode).toBe(404);
    expect((await put('org-tend-north', 'bad id!', 'admin')).res.statusCode).toBe(400);

    // the limit: two places, both used (patient-13 and patient-03, who moved here)
    const enabled = await enable('org-tend-north', 'admin', '2');
    expect(enabled.body).toMatchObject({
      enabled: true,
      subscription: { maxRedemptions: 2, redemptions: 2 },
    });
    const full = await put('org-tend-north', 'patient-01', 'admin');
    expect(full.res.statusCode).toBe(409);
    expect(full.body.code).toBe('no_redemptions_left');
    await enable('org-tend-north', 'admin', '10');

    const disabled = await disable('org-tend-north', 'admin');
    expect(disabled.body.enabled).toBe(false);
    const refused = await put('org-tend-north', 'patient-01', 'admin');
    expect(refused.res.statusCode).toBe(409);
    expect(refused.body.code).toBe('organisation_disabled');
    const validity = await get('getSubscriptionValidity', '/organisation/subscription/valid', 'patient2');
    expect(validity.body).toMatchObject({
      valid: false,
      reason: 'disabled',
      organisationId: 'org-tend-north',
    });
    expect(
      (await get('isEmailWhitelisted', '/organisation/isWhitelisted?email=someone@north.example', null)).body
        .whitelisted,
    ).toBe(false);
    expect((await disable('org-tend-north', 'otherAdmin')).res.statusCode).toBe(404);
    expect((await enable('org-tend-north', 'otherAdmin')).res.statusCode).toBe(404);
    expect((await enable('org-tend-north', 'admin', '-1')).res.statusCode).toBe(400);
    expect((await enable('org-tend-north', 'admin')).body.enabled).toBe(true);
    expect(
      (await get('isEmailWhitelisted', '/organisation/isWhitelisted?email=someone@north.example', null)).body,
    ).toEqual({ whitelisted: true, organisationName: 'Tend Health North', termsUrl: null, privacyUrl: null });
    // a disabled parent disables the child's subscription too
    await disable('org-tend-health', 'admin');
    expect(
      (await get('getSubscriptionValidity', '/organisation/subscription/valid', 'patient2')).body.reason,
    ).toBe('disabled');
    expect(
      (await get('getOrganisationMerged', '/organisation/org-tend-north/merged', 'admin')).body.enabled,
    ).toBe(false);
    expect(
      (await get('getOrganisationUnmerged', '/organisation/org-tend-north/unmerged', 'admin')).body.enabled,
    ).toBe(true);
    await enable('org-tend-health', 'admin');
  });
});

describe('whitelist and logo uploads', () => {
  it('answers only a boolean and the organisation name, by domain (subdomains included)', async () => {
    expect(
      (await get('isEmailWhitelisted', '/organisation/isWhitelisted?email=a@tend-health.example', null)).body,
    ).toEqual({ whitelisted: true, organisationName: 'Tend Health', termsUrl: null, privacyUrl: null });
    expect(
      (await get('isEmailWhitelisted', '/organisation/isWhitelisted?email=a@Staff.Elsewhere.example', null))
        .body,
    ).toEqual({ whitelisted: true, organisationName: 'Elsewhere Care', termsUrl: null, privacyUrl: null });
    expect(
      (await get('isEmailWhitelisted', '/organisation/isWhitelisted?email=a@gmail.example', null)).body,
    ).toEqual({ whitelisted: false, organisationName: null, termsUrl: null, privacyUrl: null });
    expect(
      await getStatus('isEmailWhitelisted', '/organisation/isWhitelisted?email=not-an-address', null),
    ).toBe(400);
    expect(await getStatus('isEmailWhitelisted', '/organisation/isWhitelisted', null)).toBe(400);
  });

  it('issues a signed, expiring upload target that accepts one real image, served back with its type', async () => {
    const policy = await get(
      'getOrganisationImageUploadPolicy',
      '/organisation/image-upload-policy-document',
      'admin',
    );
    expect(policy.res.statusCode).toBe(200);
    expect(policy.body).toMatchObject({ method: 'PUT', maxBytes: 2 * 1024 * 1024 });
    expect(Date.parse(policy.body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(
      await getStatus(
        'getOrganisationImageUploadPolicy',
        '/organisation/image-upload-policy-document',
        'patient',
      ),
    ).toBe(403);
    const path = new URL(policy.body.uploadUrl).pathname;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('rest-of-png'),
    ]);
    const put = (url: string, contentType: string) =>
      t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: png });
    // A wrong type, content not of the named type, another target, then the upload, then no second one.
    for (const [url, contentType, status] of [
      [path, 'image/gif', 415],
      [path, 'image/jpeg', 400],
      [`${path}x`, 'image/png', 403],
      [path, 'image/png', 201],
      [path, 'image/png', 409],
    ] as const) {
      expect((await put(url, contentType)).statusCode, `${url} ${contentType}`).toBe(status);
    }
    const served = await t.app.inject({ method: 'GET', url: new URL(policy.body.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    // the url is then the details' logoUrl
    const read = await get(
      'getOrganisationDetails',
      '/organisation/org-tend-health/details/unmerged',
      'admin',
    );
    const set = await patch(
      'updateOrganisationDetails',
      '/organisation/org-tend-health/details',
      'admin',
      { logoUrl: policy.body.url },
      read.body.etag,
    );
    expect(set.body.logoUrl).toBe(policy.body.url);
  });

  it('checks SVG content', () => {
    expect(
      imageMatchesType('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')),
    ).toBe(true);
    expect(imageMatchesType('image/svg+xml', Buffer.from('<svg><script>alert(1)</script></svg>'))).toBe(
      false,
    );
    expect(imageMatchesType('image/svg+xml', Buffer.from('<svg onload="x()"></svg>'))).toBe(false);
  });
});
