import { describe, expect, it } from 'vitest';
import {
  affectedAppointmentsOf,
  freeSlotsOf,
  patientMayChange,
  slotsByDay,
  untilVideoLink,
  zoneDiffers,
} from './model.ts';

const slot = (start: string, therapistId = 't1', minutes = 50) => ({
  therapistId,
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

describe('slotsByDay', () => {
  it('groups by the viewer’s calendar day, in order, whatever order they came in', () => {
    const slots = [
      slot('2026-12-02T01:00:00.000Z'),
      slot('2026-12-01T22:00:00.000Z', 't2'),
      slot('2026-12-01T22:00:00.000Z'),
    ];
    expect(
      slotsByDay(slots, 'UTC').map((d) => [d.date, d.slots.map((s) => `${s.start}/${s.therapistId}`)]),
    ).toEqual([
      ['2026-12-01', ['2026-12-01T22:00:00.000Z/t1', '2026-12-01T22:00:00.000Z/t2']],
      ['2026-12-02', ['2026-12-02T01:00:00.000Z/t1']],
    ]);
    // In New York (UTC-5) all three are on 1 December; in Tokyo (UTC+9) all on 2 December.
    expect(slotsByDay(slots, 'America/New_York').map((d) => d.date)).toEqual(['2026-12-01']);
    expect(slotsByDay(slots, 'Asia/Tokyo').map((d) => d.date)).toEqual(['2026-12-02']);
  });
});

describe('zoneDiffers', () => {
  it('compares the clocks at the instant: London and Lisbon agree, London and Madrid do not', () => {
    expect(zoneDiffers('2026-12-01T09:00:00Z', 'Europe/London', 'Europe/Lisbon')).toBe(false);
    expect(zoneDiffers('2026-12-01T09:00:00Z', 'Europe/London', 'Europe/Madrid')).toBe(true);
  });

  it('follows daylight saving: London and New York are 5 hours apart, but 4 between their clock changes', () => {
    expect(zoneDiffers('2027-03-20T12:00:00Z', 'Europe/London', 'UTC')).toBe(false);
    expect(zoneDiffers('2027-04-01T12:00:00Z', 'Europe/London', 'UTC')).toBe(true);
  });
});

describe('the notice period and the video link', () => {
  const now = Date.parse('2026-12-01T09:00:00Z');
  it('a patient may change a booked appointment only outside the notice period', () => {
    expect(patientMayChange({ start: '2026-12-01T21:00:00Z', status: 'booked' }, 12, now)).toBe(true);
    expect(patientMayChange({ start: '2026-12-01T20:59:00Z', status: 'booked' }, 12, now)).toBe(false);
    expect(patientMayChange({ start: '2026-12-09T09:00:00Z', status: 'cancelled' }, 12, now)).toBe(false);
  });
  it('the video link shows from its time on; none without one', () => {
    expect(untilVideoLink({ videoLinkFrom: '2026-12-01T09:10:00Z' }, now)).toBe(600_000);
    expect(untilVideoLink({ videoLinkFrom: '2026-12-01T08:50:00Z' }, now)).toBe(0);
    expect(untilVideoLink({ videoLinkFrom: null }, now)).toBeNull();
  });
});

describe('what a 409 carries', () => {
  it('reads the free slots, ignoring anything that is not one', () => {
    const good = slot('2026-12-01T09:00:00.000Z');
    expect(freeSlotsOf({ freeSlots: [good, { start: 1 }, null] })).toEqual([good]);
    expect(freeSlotsOf(undefined)).toEqual([]);
    expect(freeSlotsOf({ freeSlots: 'x' })).toEqual([]);
  });
  it('reads the appointments an availability change would strand', () => {
    const a = {
      appointmentId: 'a1',
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T09:50:00Z',
      patientName: 'Ana B',
    };
    expect(affectedAppointmentsOf({ appointments: [a, {}] })).toEqual([a]);
    expect(affectedAppointmentsOf(null)).toEqual([]);
  });
});
