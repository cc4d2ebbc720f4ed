import { describe, expect, it } from 'vitest';
import { exportFileName } from './export.ts';

describe('exportFileName', () => {
  it('names the file as the server does, by the UTC day it was made', () => {
    expect(exportFileName(new Date('2026-11-23T23:59:59Z'))).toBe('tend-my-data-2026-11-23.zip');
    expect(exportFileName(new Date('2026-11-24T00:00:00+01:00'))).toBe('tend-my-data-2026-11-23.zip');
  });
});
