import { describe, expect, it } from 'vitest';
import { exportBlob, exportFileName, exportText, keptTotal } from './index.ts';

describe('users-data model', () => {
  it('names the export file after the user, safe characters only', () => {
    expect(exportFileName('patient-01')).toBe('tend-user-patient-01.json');
    expect(exportFileName('a/b..c')).toBe('tend-user-a_b__c.json');
  });

  it('hands the export over as the JSON the server answered', () => {
    const data = {
      userId: 'u1',
      exportedAt: '2026-11-24T06:00:00.000Z',
      tables: { moments: [{ id: 'm1', body: { text: 'Ça va' } }] },
    };
    expect(JSON.parse(exportText(data))).toEqual(data);
    const blob = exportBlob(data);
    expect(blob.type).toBe('application/json;charset=utf-8');
    expect(blob.size).toBe(new TextEncoder().encode(exportText(data)).length);
  });

  it('counts the rows kept', () => {
    expect(keptTotal([{ rows: 2 }, { rows: 5 }])).toBe(7);
    expect(keptTotal([])).toBe(0);
  });
});
