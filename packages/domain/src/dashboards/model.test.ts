import { describe, expect, it } from 'vitest';
import { messagesPerWeekChart } from './chart.sample.ts';
import { chartPoints, chartTable, csvCell, csvFileName, toCsv } from './model.ts';

const chart = messagesPerWeekChart([
  { label: '2026-11-09', values: [3, 1] },
  { label: '2026-11-16', values: [0, 4] },
]);

describe('dashboard charts', () => {
  it('draws one point per row with one number per series key', () => {
    expect(chartPoints(chart)).toEqual([
      { label: '2026-11-09', fromPatients: 3, fromTherapists: 1 },
      { label: '2026-11-16', fromPatients: 0, fromTherapists: 4 },
    ]);
    expect(chartPoints({ ...chart, rows: [{ label: 'x', values: [2] }] })).toEqual([
      { label: 'x', fromPatients: 2, fromTherapists: 0 },
    ]);
  });

  it('tables exactly what is drawn, with the shown names and labels', () => {
    const table = chartTable(
      chart,
      'Week starting',
      (key) => (key === 'fromPatients' ? 'Patients' : 'Therapists'),
      (l) => `w/c ${l}`,
    );
    expect(table).toEqual({
      header: ['Week starting', 'Patients', 'Therapists'],
      rows: [
        ['w/c 2026-11-09', 3, 1],
        ['w/c 2026-11-16', 0, 4],
      ],
    });
    expect(toCsv(table.header, table.rows)).toBe(
      'Week starting,Patients,Therapists\r\nw/c 2026-11-09,3,1\r\nw/c 2026-11-16,0,4\r\n',
    );
  });

  it('writes CSV cells safely: quotes, line breaks and formula starts', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell(-4)).toBe('-4');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('names the CSV file from the view, chart, organisation and day', () => {
    expect(csvFileName('chat-activity', 'messages-per-week', 'Tend Health North', '2026-11-24')).toBe(
      'tend-chat-activity-messages-per-week-tend-health-north-2026-11-24.csv',
    );
    expect(csvFileName('overview', 'x', 'Ærø / Café <b>', '2026-11-24')).toBe(
      'tend-overview-x-r-cafe-b-2026-11-24.csv',
    );
  });
});
