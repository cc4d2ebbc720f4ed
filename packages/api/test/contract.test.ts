import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkCallsScript, contractPath, packageDir, repoRoot } from './paths.ts';

type Json = Record<string, unknown>;
interface Op {
  method: string;
  path: string;
  op: Json;
  item: Json;
}

const doc = parse(readFileSync(contractPath, 'utf8')) as Json;
const paths = doc.paths as Record<string, Json>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ops: Op[] = Object.entries(paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json, item })),
);
const find = (method: string, path: string): Json => {
  const hit = ops.find((o) => o.method === method && o.path === path);
  if (!hit) throw new Error(`no ${method} ${path}`);
  return hit.op;
};

function deref(value: unknown): Json {
  let current = value as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => node[key] as Json, doc);
  }
  return current;
}

const TAGS = [
  'status',
  'config',
  'cloud-documents',
  'contact',
  'email',
  'account',
  'auth',
  'mfa',
  'openid',
  'scopes',
  'message-alerts',
  'moments',
  'patient-moments',
  'onboarding',
  'metadata',
  'rewards',
  'push',
  'organisations',
  'staff',
  'join',
  'patient',
  'patients',
  'patient-chat',
  'therapist',
  'risk-alerts',
  'duty',
  'intake',
  'chats',
  'safeguarding',
  'users-data',
  'research',
  'surveys',
  'reporting',
  'dashboards',
  'appointments',
];
const SCOPES = ['public', 'patient', 'therapist', 'lead-therapist', 'org-admin', 'data-export'];

const params = (o: Op): Json[] =>
  [...((o.item.parameters as unknown[]) ?? []), ...((o.op.parameters as unknown[]) ?? [])].map(deref);
const param = (method: string, path: string, name: string, where: string): Json | undefined => {
  const o = ops.find((x) => x.method === method && x.path === path)!;
  return params(o).find((p) => p.name === name && p.in === where);
};
const successMedia = (op: Json): [string, Json] => {
  const responses = op.responses as Json;
  const status = Object.keys(responses)
    .filter((s) => /^2/.test(s))
    .sort()[0]!;
  const content = deref(responses[status]).content as Record<string, Json>;
  const [media, body] = Object.entries(content)[0]!;
  return [media, deref(body.schema)];
};

describe('the contract (openapi.yaml)', () => {
  it('has every call of calls.tsv (check-calls exits 0)', () => {
    const result = spawnSync(process.execPath, [checkCallsScript, 'packages/api/openapi.yaml'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(
      result.stdout,
      `check-calls: ${String(result.error ?? '')} ${result.stderr} (signal ${result.signal})`,
    ).toContain('calls in contract: 195 of 195; missing 0');
    expect(result.status).toBe(0);
  });

  it('passes redocly lint (recommended ruleset) with no problems', () => {
    const require = createRequire(join(packageDir, 'package.json'));
    const redocly = join(require.resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
    const result = spawnSync(process.execPath, [redocly, 'lint', 'openapi.yaml', '--format=stylish'], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(result.stderr + result.stdout).toContain('Your API description is valid');
    expect(result.stderr + result.stdout).not.toMatch(/\d+:\d+\s+(warning|error)/);
    expect(result.status).toBe(0);
  }, 120_000);

  it('gives every operation one known tag, a unique camelCase operationId and valid x-tend-scopes', () => {
    const ids = new Set<string>();
    for (const o of ops) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      const id = o.op.operationId as string;
      expect(id, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(id), `duplicate operationId ${id}`).toBe(false);
      ids.add(id);
      expect(o.op.tags, where).toHaveLength(1);
      expect(TAGS, where).toContain((o.op.tags as string[])[0]);
      expect(typeof o.op.summary, where).toBe('string');
      expect(typeof o.op.description, where).toBe('string');
      const scopes = o.op['x-tend-scopes'] as string[];
      expect(Array.isArray(scopes), where).toBe(true);
      for (const s of scopes) expect(SCOPES, where).toContain(s);
      const security = o.op.security as Json[] | undefined;
      if (scopes.includes('public')) {
        expect(scopes, where).toEqual(['public']);
        // Public: no token needed (an optional token is allowed, as on error reporting).
        expect(security?.length === 0 || security?.some((s) => Object.keys(s).length === 0), where).toBe(
          true,
        );
      } else {
        expect(security, `${where} must use the global bearer security`).toBeUndefined();
      }
    }
    // Every tag is used.
    expect(new Set(ops.map((o) => (o.op.tags as string[])[0]))).toEqual(new Set(TAGS));
  });

  it('answers the Error schema for every 4xx and 5xx, with ETag on 412 and Retry-After on 429', () => {
    for (const o of ops) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      const responses = o.op.responses as Json;
      expect(
        Object.keys(responses).some((s) => /^4/.test(s)),
        where,
      ).toBe(true);
      expect(responses.default, `${where} needs a default (5xx) response`).toBeDefined();
      for (const [status, ref] of Object.entries(responses)) {
        if (!/^[45]|default/.test(status)) continue;
        const response = deref(ref);
        const schema = (response.content as Record<string, Json>)['application/json']!.schema as Json;
        expect(schema.$ref, `${where} ${status}`).toBe('#/components/schemas/Error');
        if (status === '412') expect((response.headers as Json).ETag, where).toBeDefined();
        if (status === '429') expect((response.headers as Json)['Retry-After'], where).toBeDefined();
      }
      // An operation taking the ETag header can fail its precondition.
      if (params(o).some((p) => p.in === 'header' && p.name === 'ETag')) {
        expect(responses['412'], where).toBeDefined();
      }
    }
    const mfa = deref((find('get', '/iams/auth/customToken').responses as Json)['401']);
    expect(mfa.description).toContain('mfa_required');
    const error = deref({ $ref: '#/components/schemas/Error' });
    expect(((error.properties as Json).options as Json).$ref).toBe('#/components/schemas/MfaOptions');
  });

  it('names the parameters as section 7 of the spec does', () => {
    const arrays: [string, string, string][] = [
      ['get', '/iams/auth/customToken', 'scope'],
      ['get', '/moments/batch-timestamps', 'eventType'],
      ['get', '/patients/{patientId}/moments', 'types'],
      ['get', '/moments/activity-counters', 'activityIds'],
      ['get', '/moments/activity-totals', 'activityIds'],
      ['get', '/chats/unread-messages', 'channelIds'],
    ];
    for (const [method, path, name] of arrays) {
      const p = param(method, path, name, 'query');
      expect(p, `${path} ${name}`).toBeDefined();
      expect((p!.schema as Json).type, `${path} ${name}`).toBe('array');
      expect(p!.explode, `${path} ${name} repeats the key`).toBe(true);
    }
    for (const name of ['idToken', 'refreshToken', 'mfaChallengeResponse']) {
      expect(param('get', '/iams/auth/customToken', name, 'header'), name).toBeDefined();
    }
    expect(param('get', '/iams/auth/sessionCookie', 'idToken', 'header')).toBeDefined();
    expect(param('get', '/regions', 'X-Country-Code', 'header')).toBeDefined();
    for (const [method, path] of [
      ['put', '/message-alerts/{id}'],
      ['delete', '/v2/message-alerts/{id}'],
      ['patch', '/organisation/{organisation}/subscription'],
      ['put', '/surveys/{surveyId}/config'],
      ['post', '/patient-metadata/{metadataDocumentId}/action/update-metadata'],
    ] as const) {
      expect(param(method, path, 'ETag', 'header')?.required, `${method} ${path}`).toBe(true);
    }
    const query: [string, string, string[]][] = [
      ['get', '/cloud-document/{name}', ['dataStructureVersion']],
      ['put', '/cloud-document/{name}', ['dataStructureVersion', 'timestamp']],
      ['post', '/contact/action/request-access/{type}', ['message', 'email', 'isContactable']],
      ['post', '/contact/action/request-callback', ['token', 'callbackGroup']],
      ['post', '/iams/account-details/username', ['lastName', 'firstName']],
      ['post', '/iams/account-details/action/request-change-password', ['emailAddress', 'language']],
      ['get', '/iams/auth/sessionCookie', ['setCookie', 'generateRefreshToken']],
      ['post', '/iams/openid/loginCallback', ['state', 'code', 'clientID']],
      ['get', '/iams/query-string-token/use', ['tokenID']],
      ['get', '/message-alerts', ['version']],
      ['post', '/moments/sync', ['startFrom', 'endAt', 'eventType']],
      ['get', '/moments/latest-positive', ['mergeReadings']],
      ['get', '/moments/progress-moments', ['from', 'to', 'limit', 'lastDoc']],
      ['get', '/patients/{patientId}/moments', ['startFrom', 'limit', 'paginationCursor']],
      ['get', '/patients/{patientId}/moments/file-upload-policy', ['type', 'fileName']],
      ['get', '/organisation/list', ['pageSize', 'parentOrganisation', 'lastPage']],
      ['get', '/therapist/assigned-patients', ['skip', 'limit']],
      ['get', '/chats/token', ['chatRoomId']],
      ['get', '/surveys', ['startAfter']],
      ['get', '/organisation/isWhitelisted', ['email']],
      ['get', '/organisation/action/search', ['term']],
    ];
    for (const [method, path, names] of query) {
      for (const name of names)
        expect(param(method, path, name, 'query'), `${method} ${path} ${name}`).toBeDefined();
    }
  });

  it('answers text, numbers and CSV where the spec says so', () => {
    const text: [string, string][] = [
      ['get', '/email/update/jwt/{token}'],
      ['get', '/iams/openid/loginURL'],
      ['post', '/organisation'],
      ['post', '/iams/query-string-token/create'],
    ];
    for (const [method, path] of text) {
      const [media, schema] = successMedia(find(method, path));
      expect(media, path).toBe('text/plain');
      expect(schema.type, path).toBe('string');
    }
    const [timeMedia, timeSchema] = successMedia(find('get', '/time'));
    expect([timeMedia, timeSchema.type]).toEqual(['text/plain', 'integer']);
    const [putMedia, putSchema] = successMedia(find('put', '/cloud-document/{name}'));
    expect([putMedia, putSchema.type]).toEqual(['text/plain', 'integer']);
    const [tsMedia, tsSchema] = successMedia(find('get', '/cloud-document/{name}/timestamp'));
    expect([tsMedia, tsSchema.type]).toEqual(['application/json', 'integer']);
    expect(successMedia(find('get', '/reporting/report-scheduler/download'))[0]).toBe('text/csv');
  });

  it('has one moment schema per type, discriminated by eventType', () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    const moment = schemas.Moment!;
    const mapping = (moment.discriminator as Json).mapping as Record<string, string>;
    const eventTypes = schemas.EventType!.enum as string[];
    expect(Object.keys(mapping).sort()).toEqual([...eventTypes].sort());
    for (const [eventType, ref] of Object.entries(mapping)) {
      const variant = deref({ $ref: ref });
      const own = (variant.allOf as Json[])[1]!;
      expect(((own.properties as Json).eventType as Json).const, ref).toBe(eventType);
    }
    const phq9 = schemas.Phq9Body!.properties as Record<string, Json>;
    expect([phq9.items!.minItems, phq9.items!.maxItems, (phq9.items!.items as Json).maximum]).toEqual([
      9, 9, 3,
    ]);
    expect(phq9.total!.maximum).toBe(27);
    const gad7 = schemas.Gad7Body!.properties as Record<string, Json>;
    expect([gad7.items!.minItems, gad7.items!.maxItems, (gad7.items!.items as Json).maximum]).toEqual([
      7, 7, 3,
    ]);
    expect(gad7.total!.maximum).toBe(21);
    const file = schemas.FileBody!.properties as Record<string, Json>;
    expect(file.downloadUrl).toBeDefined();
  });
});
