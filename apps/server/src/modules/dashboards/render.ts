// The dashboard pages this server renders itself (no outside service): plain HTML from real aggregates,
// every text escaped, charts as inline SVG drawn with attributes (no style attributes, no scripts), one
// same-origin stylesheet, so a strict CSP (no inline anything) holds. Each chart has a data table too.
import type { Db } from '../../db/index.ts';
import { BANDS, engagement, screeningOutcomes, usage } from '../reporting/aggregates.ts';
import { dashboardData } from './data.ts';

export const VIEWS = [
  {
    viewId: 'overview',
    name: 'Overview',
    description:
      'Patients, active patients (last 30 days), therapists and moments per week over the last 12 weeks.',
  },
  {
    viewId: 'screening',
    name: 'Screening outcomes',
    description: 'PHQ-9 and GAD-7 results of the last 90 days by severity band, per organisation.',
  },
  {
    viewId: 'engagement',
    name: 'Engagement',
    description: 'Weekly active patients and moments per organisation over the last 12 weeks.',
  },
  {
    viewId: 'chat-activity',
    name: 'Chat activity',
    description:
      'Chat messages from patients and from therapists, and chats started, per week over the last 12 weeks.',
  },
] as const;
export type ViewId = (typeof VIEWS)[number]['viewId'];

export function escapeHtml(value: unknown): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const DAY = 86_400_000;
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
/** Monday of the ISO week of d (UTC). */
const mondayOf = (d: Date) => new Date(startOfUtcDay(d).getTime() - ((d.getUTCDay() + 6) % 7) * DAY);

function table(caption: string, header: string[], rows: Array<Array<string | number>>): string {
  const head = header.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows
        .map(
          (r) =>
            `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`,
        )
        .join('')
    : `<tr><td colspan="${header.length}">No data yet.</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A vertical bar chart (SVG attributes only). */
function barChart(label: string, bars: Array<{ label: string; value: number }>): string {
  const width = 640;
  const height = 200;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = width / Math.max(1, bars.length);
  const rects = bars
    .map((b, i) => {
      const h = Math.round((b.value / max) * (height - 40));
      const x = Math.round(i * slot + slot * 0.15);
      const w = Math.max(1, Math.round(slot * 0.7));
      return (
        `<rect x="${x}" y="${height - 20 - h}" width="${w}" height="${h}" fill="#2f6f62"><title>${escapeHtml(`${b.label}: ${b.value}`)}</title></rect>` +
        `<text x="${x + w / 2}" y="${height - 4}" font-size="10" text-anchor="middle" fill="#333">${escapeHtml(b.label.slice(5))}</text>` +
        `<text x="${x + w / 2}" y="${height - 24 - h}" font-size="10" text-anchor="middle" fill="#333">${b.value}</text>`
      );
    })
    .join('');
  return `<svg role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${width} ${height}" width="100%" height="${height}">${rects}</svg>`;
}

const BAND_COLOURS: Record<string, string> = {
  minimal: '#8fc1a9',
  mild: '#f2d16b',
  moderate: '#f0a35e',
  'moderately-severe': '#e0714f',
  severe: '#b8323a',
};

/** One horizontal bar per organisation and instrument, split by band (patients). */
function bandChart(
  label: string,
  rows: Array<{ name: string; counts: Array<{ band: string; n: number }> }>,
): string {
  const width = 640;
  const rowHeight = 28;
  const height = rows.length * rowHeight + 10;
  const bars = rows
    .map((r, i) => {
      const total = r.counts.reduce((a, c) => a + c.n, 0);
      let x = 200;
      const segments = r.counts
        .filter((c) => c.n > 0)
        .map((c) => {
          const w = Math.max(1, Math.round((c.n / Math.max(1, total)) * (width - 210)));
          const seg = `<rect x="${x}" y="${i * rowHeight + 5}" width="${w}" height="${rowHeight - 8}" fill="${BAND_COLOURS[c.band] ?? '#999'}"><title>${escapeHtml(`${c.band}: ${c.n}`)}</title></rect>`;
          x += w;
          return seg;
        })
        .join('');
      return `<text x="0" y="${i * rowHeight + 22}" font-size="12" fill="#222">${escapeHtml(r.name.slice(0, 32))}</text>${segments}`;
    })
    .join('');
  return `<svg role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${width} ${height}" width="100%" height="${height}">${bars}</svg>`;
}

function page(title: string, organisationName: string, content: string, generatedAt: Date): string {
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">' +
    `<title>${escapeHtml(`${title} · ${organisationName}`)}</title><link rel="stylesheet" href="/dashboards/embed.css"></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p class="meta">${escapeHtml(organisationName)} and its organisations · figures as of ${escapeHtml(generatedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</p>` +
    `${content}</main></body></html>`
  );
}

export function errorPage(message: string): string {
  return page('Dashboard unavailable', 'Tend', `<p>${escapeHtml(message)}</p>`, new Date());
}

export async function renderView(
  db: Db,
  viewId: ViewId,
  organisation: { id: string; name: string },
  ids: string[],
  now = new Date(),
): Promise<string> {
  const tomorrow = new Date(startOfUtcDay(now).getTime() + DAY);
  const twelveWeeks = { from: new Date(mondayOf(now).getTime() - 11 * 7 * DAY), to: tomorrow };
  const title = VIEWS.find((v) => v.viewId === viewId)!.name;
  if (viewId === 'overview') {
    // The figures the admin app shows (./data.ts): the organisation's own numbers, one definition.
    const data = await dashboardData(db, 'overview', organisation, ids, now);
    const weeks = data.charts[0]!.rows.map((r) => ({ label: r.label, value: r.values[0] ?? 0 }));
    // Each organisation's own row (it and those below it), counted the same way.
    const totals = await usage(db, ids, twelveWeeks);
    const recent = await usage(db, ids, { from: new Date(tomorrow.getTime() - 30 * DAY), to: tomorrow });
    const active = new Map(recent.rows.map((r) => [r[0], Number(r[3])]));
    const tiles =
      '<ul class="tiles">' +
      data.figures
        .map((f) => [f.name, f.value])
        .map(
          ([label, value]) =>
            `<li><span class="value">${escapeHtml(value)}</span><span class="label">${escapeHtml(label)}</span></li>`,
        )
        .join('') +
      '</ul>';
    return page(
      title,
      organisation.name,
      tiles +
        '<h2>Moments per week</h2>' +
        barChart('Moments per week over the last 12 weeks', weeks) +
        table(
          'Moments per week',
          ['Week starting', 'Moments'],
          weeks.map((w) => [w.label, w.value]),
        ) +
        '<h2>By organisation</h2>' +
        table(
          'Patients, activity and therapists by organisation',
          ['Organisation', 'Patients', 'Active patients (30 days)', 'Therapists', 'Moments (12 weeks)'],
          totals.rows.map((r) => [
            String(r[1]),
            Number(r[2]),
            active.get(r[0]) ?? 0,
            Number(r[4]),
            Number(r[5]),
          ]),
        ),
      now,
    );
  }
  if (viewId === 'screening') {
    const outcomes = await screeningOutcomes(db, ids, {
      from: new Date(tomorrow.getTime() - 90 * DAY),
      to: tomorrow,
    });
    const sections = (['phq9', 'gad7'] as const).map((instrument) => {
      const label = instrument === 'phq9' ? 'PHQ-9' : 'GAD-7';
      const byOrg = new Map<string, { name: string; counts: Array<{ band: string; n: number }> }>();
      for (const r of outcomes.rows.filter((x) => x[2] === instrument)) {
        const entry = byOrg.get(String(r[0])) ?? { name: String(r[1]), counts: [] };
        entry.counts.push({ band: String(r[3]), n: Number(r[5]) });
        byOrg.set(String(r[0]), entry);
      }
      const rows = [...byOrg.values()];
      return (
        `<h2>${label} (patients by band, last 90 days)</h2>` +
        bandChart(`${label} severity bands by organisation`, rows) +
        table(
          `${label} patients by severity band`,
          ['Organisation', ...BANDS[instrument]],
          rows.map((r) => [
            r.name,
            ...BANDS[instrument].map((b) => r.counts.find((c) => c.band === b)?.n ?? 0),
          ]),
        )
      );
    });
    return page(title, organisation.name, sections.join(''), now);
  }
  if (viewId === 'chat-activity') {
    const data = await dashboardData(db, viewId, organisation, ids, now);
    return page(
      title,
      organisation.name,
      data.charts
        .map(
          (c) =>
            `<h2>${escapeHtml(c.title)}</h2>` +
            table(
              c.title,
              ['Week starting', ...c.series.map((s) => s.name)],
              c.rows.map((r) => [r.label, ...r.values]),
            ),
        )
        .join(''),
      now,
    );
  }
  const weekly = await engagement(db, ids, twelveWeeks);
  return page(
    title,
    organisation.name,
    table(
      'Weekly engagement by organisation',
      ['Organisation', 'Week starting', 'Active patients', 'Moments', 'Moments per active patient'],
      weekly.rows.map((r) => [String(r[1]), String(r[2]), Number(r[3]), Number(r[4]), Number(r[5])]),
    ),
    now,
  );
}

export const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2623; background: #fff; }
body { margin: 0; }
main { padding: 16px 24px; max-width: 960px; }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
h2 { font-size: 1.1rem; margin: 24px 0 8px; }
.meta { color: #4a5753; margin: 0 0 16px; }
.tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; list-style: none; padding: 0; margin: 0; }
.tiles li { border: 1px solid #d5dedb; border-radius: 8px; padding: 12px; display: flex; flex-direction: column; }
.tiles .value { font-size: 1.6rem; font-weight: 600; }
.tiles .label { color: #4a5753; }
table { border-collapse: collapse; margin: 8px 0 16px; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border-bottom: 1px solid #e3e9e7; padding: 4px 8px; text-align: right; }
th[scope="row"], thead th:first-child { text-align: left; }
`;
