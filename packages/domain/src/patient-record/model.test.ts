import { describe, expect, it } from 'vitest';
import type { Moment, PatientMomentPage } from '@tend/api/model';
import {
  ACCEPT_ATTRIBUTE,
  checkFile,
  graphWindow,
  isAcceptedFileType,
  listShows,
  MAX_UPLOAD_BYTES,
  withMoment,
  withoutMoment,
} from './model.ts';

const note = (id: string): Moment =>
  ({ momentId: id, patientId: 'p', eventType: 'note', start: 1, end: 1, body: { text: id } }) as Moment;
const data = (pages: Moment[][]) => ({
  pages: pages.map((items, i): PatientMomentPage => ({
    items,
    paginationCursor: i < pages.length - 1 ? `c${i}` : null,
  })),
  pageParams: pages.map((_, i) => (i ? `c${i - 1}` : undefined)),
});

describe('files a record accepts', () => {
  it('takes images, PDF, audio and plain text, as the server does', () => {
    for (const t of [
      'image/png',
      'image/JPEG',
      'image/heic',
      'application/pdf',
      'audio/mpeg',
      'audio/x-m4a',
      'text/plain',
    ])
      expect(isAcceptedFileType(t), t).toBe(true);
    for (const t of ['text/html', 'image/svg+xml', 'application/zip', 'video/mp4', ''])
      expect(isAcceptedFileType(t), t).toBe(false);
    expect(ACCEPT_ATTRIBUTE).toContain('application/pdf');
  });

  it('says why a file cannot go, before anything is sent', () => {
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(checkFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFile({ name: 'x'.repeat(201), type: 'text/plain', size: 1 })).toBe('name');
  });
});

describe('the measures window', () => {
  it('ends at the end of the current hour, so it is the same between renders', () => {
    const now = Date.UTC(2026, 10, 23, 10, 17);
    expect(graphWindow(90, now)).toEqual({
      endAt: Date.UTC(2026, 10, 23, 11),
      startFrom: Date.UTC(2026, 10, 23, 11) - 90 * 86_400_000,
    });
    expect(graphWindow(30, now + 60_000)).toEqual(graphWindow(30, now));
  });
});

describe('moment caches', () => {
  it('adds a new moment at the top once, and takes one out', () => {
    const before = data([[note('b'), note('c')], [note('d')]]);
    const after = withMoment(before, note('a'));
    expect(after.pages.map((p) => p.items.map((m) => m.momentId))).toEqual([['a', 'b', 'c'], ['d']]);
    expect(withMoment(after, note('a'))).toBe(after);
    expect(withoutMoment(after, 'c').pages.map((p) => p.items.map((m) => m.momentId))).toEqual([
      ['a', 'b'],
      ['d'],
    ]);
    expect(withMoment(data([]), note('a')).pages).toEqual([]);
  });

  it('knows which lists show a type', () => {
    expect(listShows(undefined, 'note')).toBe(true);
    expect(listShows({ types: [] }, 'note')).toBe(true);
    expect(listShows({ types: ['note', 'file'] }, 'file')).toBe(true);
    expect(listShows({ types: ['phq9'] }, 'note')).toBe(false);
  });
});
