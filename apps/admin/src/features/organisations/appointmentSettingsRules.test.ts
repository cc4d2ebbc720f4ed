import { describe, expect, it } from 'vitest';
import { appointmentSettingsRules, type AppointmentValues } from './appointmentSettingsRules.ts';

const rules = appointmentSettingsRules((key) => key);
const ok: AppointmentValues = {
  slotMinutes: 50,
  horizonWeeks: 4,
  noticeHours: 12,
  kinds: ['video', 'phone'],
  videoLinkTemplate: 'https://meet.example.org/{appointmentId}',
};
const errors = (v: Partial<AppointmentValues>) =>
  Object.entries(rules({ ...ok, ...v }))
    .filter(([, m]) => m)
    .map(([f, m]) => `${f}:${m}`);

describe('appointmentSettingsRules', () => {
  it('accepts the defaults with a meeting link', () => expect(errors({})).toEqual([]));
  it('wants a slot length of 15 to 240 minutes in steps of 5', () => {
    expect(errors({ slotMinutes: 52 })).toEqual(['slotMinutes:errors.slotMinutes']);
    expect(errors({ slotMinutes: 10 })).toEqual(['slotMinutes:errors.slotMinutes']);
    expect(errors({ slotMinutes: '' })).toEqual(['slotMinutes:errors.slotMinutes']);
  });
  it('wants a horizon of 1 to 26 weeks and a notice of 0 to 168 hours', () => {
    expect(errors({ horizonWeeks: 0, noticeHours: 200 })).toEqual([
      'horizonWeeks:errors.horizonWeeks',
      'noticeHours:errors.noticeHours',
    ]);
  });
  it('wants at least one kind', () => expect(errors({ kinds: [] })).toEqual(['kinds:errors.kinds']));
  it('wants a secure link with the appointment’s place, or none', () => {
    expect(errors({ videoLinkTemplate: 'http://x/{appointmentId}' })).toEqual([
      'videoLinkTemplate:errors.videoLinkTemplate',
    ]);
    expect(errors({ videoLinkTemplate: 'https://meet.example.org/room' })).toEqual([
      'videoLinkTemplate:errors.videoLinkTemplate',
    ]);
    expect(errors({ videoLinkTemplate: '' })).toEqual([]);
  });
});
