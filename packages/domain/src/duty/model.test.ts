import { describe, expect, it } from 'vitest';
import { minutesToTime, rowsToShifts, shiftsToRows, timeToMinutes } from './model.ts';

describe('duty rota rows', () => {
  it('turns minutes into times and back, midnight being the end of the day', () => {
    expect(minutesToTime(540)).toBe('09:00');
    expect(minutesToTime(1440)).toBe('24:00');
    expect(timeToMinutes('9:30')).toBe(570);
    expect(timeToMinutes('24:00')).toBe(1440);
    expect(timeToMinutes('24:01')).toBeNull();
    expect(timeToMinutes('12:60')).toBeNull();
    expect(timeToMinutes('noon')).toBeNull();
  });

  it('round-trips shifts and refuses a row that ends before it starts or names nobody', () => {
    const shifts = [
      { therapistId: 't1', day: null, startMinute: 0, endMinute: 1440 },
      { therapistId: 't2', day: 1, startMinute: 540, endMinute: 1020 },
    ];
    expect(rowsToShifts(shiftsToRows(shifts))).toEqual({ shifts });
    expect(rowsToShifts([{ therapistId: 't1', day: '2', start: '17:00', end: '09:00' }])).toEqual({
      invalid: 0,
    });
    expect(rowsToShifts([{ therapistId: '', day: 'every', start: '00:00', end: '24:00' }])).toEqual({
      invalid: 0,
    });
  });
});
