import { describe, expect, it } from 'vitest';
import {
  appointmentPatchOf,
  appointmentSettingsRules,
  type AppointmentValues,
} from './appointmentSettingsRules.ts';

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

describe('appointmentPatchOf (inheritance kept)', () => {
  const resolved = {
    slotMinutes: 30,
    horizonWeeks: 4,
    noticeHours: 12,
    kinds: ['video', 'phone'] as Array<'video' | 'phone'>,
    videoLinkTemplate: null,
    inherited: [
      { field: 'slotMinutes' as const, organisationId: 'org-parent', organisationName: 'Parent' },
      { field: 'noticeHours' as const, organisationId: null, organisationName: null },
      { field: 'videoLinkTemplate' as const, organisationId: null, organisationName: null },
    ],
  };
  // The form as it shows those settings: the same horizon and notice as `ok`.
  const values: AppointmentValues = {
    ...ok,
    slotMinutes: 30,
    kinds: ['phone', 'video'],
    videoLinkTemplate: '',
  };

  it('sends the own values only, while inherited ones are unchanged', () =>
    expect(appointmentPatchOf(values, resolved, [])).toEqual({
      horizonWeeks: 4,
      kinds: ['phone', 'video'],
    }));

  it('sets an inherited value here when it is changed', () =>
    expect(appointmentPatchOf({ ...values, slotMinutes: 45 }, resolved, [])).toEqual({
      slotMinutes: 45,
      horizonWeeks: 4,
      kinds: ['phone', 'video'],
    }));

  it('gives a reset value back to the organisation above (null)', () =>
    expect(appointmentPatchOf(values, resolved, ['horizonWeeks', 'kinds'])).toEqual({
      horizonWeeks: null,
      kinds: null,
    }));
});
