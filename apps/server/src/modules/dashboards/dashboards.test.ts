import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/file-app.ts';
import { json } from '../../db/index.ts';
import { as, caller, createAdminTestApp } from '../organisations/test-support.ts';
import { escapeHtml } from './render.ts';
import { issueEmbedToken } from './routes.ts';

const { t, op } = fileTestApp(createAdminTestApp);
const call = caller(t);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  const m = (id: string, patient: string, type: string, at: Date, body: Record<string, unknown> = {}) => ({
    id,
    patient_id: patient,
    event_type: type,
    body: json(body),
    start_at: at,
    end_at: at,
  });
  await t.db
    .insertInto('moments')
    .values([
      m('d1', 'patient-01', 'journal', daysAgo(2)),
      m('d2', 'patient-01', 'phq9', daysAgo(3), { total: 21 }),
      m('d3', 'patient-03', 'phq9', daysAgo(4), { total: 6 }),
      m('d4', 'patient-03', 'gad7', daysAgo(4), { total: 16 }),
      m('d5', 'patient-13', 'checkup', daysAgo(10)),
      m('d6', 'patient-99', 'journal', daysAgo(1)),
      m('d7', 'patient-01', 'phq9', daysAgo(40), { total: 12 }),
      m('d8', 'patient-99', 'phq9', daysAgo(40), { total: 27 }),
    ])
    .execute();
  await t.db
    .insertInto('chat_sessions')
    .values([
      {
        id: 'dc-1',
        patient_id: 'patient-01',
        therapist_id: 'therapist-1',
        status: 'active',
        emergency: true,
        created_at: daysAgo(1),
      },
    ])
    .execute();
  await t.db
    .insertInto('chat_messages')
    .values([
      { id: 'dm-1', session_id: 'dc-1', sender_id: 'patient-01', body: 'hello', created_at: daysAgo(1) },
      {
        id: 'dm-2',
        session_id: 'dc-1',
        sender_id: 'patient-01',
        body: 'are you there',
        created_at: daysAgo(1),
      },
      { id: 'dm-3', session_id: 'dc-1', sender_id: 'therapist-1', body: 'yes', created_at: daysAgo(1) },
    ])
    .execute();
  await t.db
    .updateTable('organisations')
    .set({ name: 'North <script>alert(1)</script>' })
    .where('id', '=', 'org-tend-north')
    .execute();
});

const embed = (user: string | null, viewId: string, query = '') =>
  call('getDashboardEmbedData', {
    method: 'GET',
    url: `/domo-reporting/dashboard-views/${viewId}/embed-data${query}`,
    headers: as(user),
  });
const open = (url: string) => {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};

describe('dashboards', () => {
  it('lists the views to administrators only', async () => {
    const res = await op('admin', 'listDashboardViews');
    expect(res.body.items.map((v: { viewId: string }) => v.viewId)).toEqual([
      'overview',
      'screening',
      'engagement',
      'chat-activity',
    ]);
    expect((await op('therapist', 'listDashboardViews')).res.statusCode).toBe(403);
    expect((await op(null, 'listDashboardViews')).res.statusCode).toBe(401);
  });

  it('answers a 10-minute embed URL for an administered organisation only', async () => {
    const res = await embed('admin', 'overview');
    expect(res.res.statusCode).toBe(200);
    expect(res.body.embedUrl).toMatch(/\/dashboards\/embed\/overview\?token=/);
    const ttl = Date.parse(res.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect((await embed('otherAdmin', 'overview', '?organisationId=org-tend-health')).res.statusCode).toBe(
      404,
    );
    expect((await embed('northAdmin', 'overview', '?organisationId=org-tend-health')).res.statusCode).toBe(
      404,
    );
    expect((await embed('admin', 'sales')).res.statusCode).toBe(404);
    expect((await embed('admin', 'overview', '?organisationId=bad id')).res.statusCode).toBe(400);
    expect((await embed('admin', 'x'.repeat(65))).res.statusCode).toBe(400);
    expect((await embed('patient', 'overview')).res.statusCode).toBe(403);
  });

  it('renders the overview from real aggregates, escaped, without scripts, framable only by the apps', async () => {
    const res = await open((await embed('admin', 'overview')).body.embedUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-ancestors');
    expect(csp).toContain('http://localhost:5176');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/\sstyle=/i);
    expect(res.body).toContain('North &lt;script&gt;alert(1)&lt;/script&gt;');
    // The organisation's own numbers (organisations/numbers.ts): Tend Health's 2 patients, both active in
    // the last 30 days, none waiting, 1 therapist, 5 moments; North has its own row below
    expect(res.body).toContain('<span class="value">2</span><span class="label">Patients</span>');
    expect(res.body).toContain(
      '<span class="value">0</span><span class="label">Waiting for a therapist</span>',
    );
    expect(res.body).toContain(
      '<span class="value">2</span><span class="label">Active patients (30 days)</span>',
    );
    expect(res.body).toContain('<span class="value">1</span><span class="label">Therapists</span>');
    expect(res.body).toContain('<span class="value">5</span><span class="label">Moments (12 weeks)</span>');
    expect(res.body).toContain(
      '<tr><th scope="row">North &lt;script&gt;alert(1)&lt;/script&gt;</th><td>1</td><td>1</td><td>1</td><td>1</td></tr>',
    );
    const css = await t.app.inject({ method: 'GET', url: '/dashboards/embed.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('renders the PHQ-9/GAD-7 band distribution and engagement', async () => {
    const screening = await open((await embed('admin', 'screening')).body.embedUrl);
    expect(screening.statusCode).toBe(200);
    // PHQ-9 table row of Tend Health (patients with a result in each band): minimal 0, mild 1, moderate 1, moderately-severe 0, severe 1
    expect(screening.body).toContain(
      '<tr><th scope="row">Tend Health</th><td>0</td><td>1</td><td>1</td><td>0</td><td>1</td></tr>',
    );
    expect(screening.body).toContain(
      '<tr><th scope="row">Tend Health</th><td>0</td><td>0</td><td>0</td><td>1</td></tr>',
    );
    const north = await open((await embed('northAdmin', 'engagement')).body.embedUrl);
    expect(north.body).toContain('North &lt;script&gt;');
    expect(north.body).not.toContain('<th scope="row">Tend Health</th>');
  });

  it('answers the view’s figures as data: each chart with one row per x value, one value per series', async () => {
    const overview = (await embed('admin', 'overview')).body.data;
    expect(overview).toMatchObject({ organisationId: 'org-tend-health', organisationName: 'Tend Health' });
    expect(overview.figures).toEqual([
      { key: 'patients', name: 'Patients', value: 2 },
      { key: 'waitingPatients', name: 'Waiting for a therapist', value: 0 },
      { key: 'activePatients30', name: 'Active patients (30 days)', value: 2 },
      { key: 'therapists', name: 'Therapists', value: 1 },
      { key: 'moments', name: 'Moments (12 weeks)', value: 5 },
    ]);
    const weekly = overview.charts[0];
    expect(weekly.rows).toHaveLength(12);
    expect(
      weekly.rows.every(
        (r: { label: string }) =>
          /^\d{4}-\d{2}-\d{2}$/.test(r.label) && new Date(`${r.label}T00:00:00Z`).getUTCDay() === 1,
      ),
    ).toBe(true);
    expect(weekly.rows.reduce((n: number, r: { values: number[] }) => n + r.values[0]!, 0)).toBe(5);

    const screening = (await embed('admin', 'screening')).body.data;
    const chart = (id: string) => screening.charts.find((c: { chartId: string }) => c.chartId === id);
    // patient-01: PHQ-9 12 then 21 (latest severe; at caseness, reliable deterioration), patient-03: 6 (mild)
    expect(chart('phq9-bands').rows).toEqual([
      { label: 'minimal', values: [0] },
      { label: 'mild', values: [1] },
      { label: 'moderate', values: [0] },
      { label: 'moderately-severe', values: [0] },
      { label: 'severe', values: [1] },
    ]);
    expect(
      Object.fromEntries(
        chart('phq9-outcomes').rows.map((r: { label: string; values: number[] }) => [r.label, r.values[0]]),
      ),
    ).toEqual({
      measured: 1,
      atCaseness: 1,
      movedOutOfCaseness: 0,
      reliableImprovement: 0,
      reliableDeterioration: 1,
      reliableRecovery: 0,
    });
    expect(chart('gad7-bands').rows.find((r: { label: string }) => r.label === 'severe').values).toEqual([1]);
    // another root's patient is never counted
    expect(screening.figures.find((f: { key: string }) => f.key === 'phq9-screened').value).toBe(2);

    const chat = (await embed('admin', 'chat-activity')).body.data;
    const messages = chat.charts.find((c: { chartId: string }) => c.chartId === 'messages-per-week');
    expect(messages.series.map((s: { key: string }) => s.key)).toEqual(['fromPatients', 'fromTherapists']);
    expect(
      messages.rows.reduce(
        (n: [number, number], r: { values: number[] }) => [n[0] + r.values[0]!, n[1] + r.values[1]!],
        [0, 0],
      ),
    ).toEqual([2, 1]);
    expect(chat.figures.find((f: { key: string }) => f.key === 'chatRequests').value).toBe(1);
    expect(
      (await embed('northAdmin', 'chat-activity')).body.data.figures.every(
        (f: { value: number }) => f.value === 0,
      ),
    ).toBe(true);
    expect((await open((await embed('admin', 'chat-activity')).body.embedUrl)).body).toContain(
      'Chat messages per week',
    );
  });

  it('refuses tampered, expired or mismatched tokens', async () => {
    const url = new URL((await embed('admin', 'overview')).body.embedUrl);
    const token = url.searchParams.get('token')!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/dashboards/embed/overview?token=${token.slice(0, -2)}xx` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/dashboards/embed/screening?token=${token}` })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/dashboards/embed/overview' })).statusCode).toBe(403);
    const expired = issueEmbedToken(t.config.secret, {
      v: 'overview',
      o: 'org-tend-health',
      u: 'admin-1',
      e: Date.now() - 1,
    });
    const res = await t.app.inject({ method: 'GET', url: `/dashboards/embed/overview?token=${expired}` });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('expired');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
