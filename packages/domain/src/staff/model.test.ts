import { describe, expect, it } from 'vitest';
import { auditRoles, knownAuditAction } from './index.ts';

describe('staff audit words', () => {
  it('reads roles from an audit detail in the console order, keeping only known ones', () => {
    expect(auditRoles(['org-admin', 'therapist', 'future-role'])).toEqual(['therapist', 'org-admin']);
    expect(auditRoles('lead-therapist')).toEqual(['lead-therapist']);
    expect(auditRoles(undefined)).toEqual([]);
    expect(auditRoles(42)).toEqual([]);
  });

  it('knows the staff actions and leaves others to be shown as a change', () => {
    expect(knownAuditAction('staff_removed')).toBe('staff_removed');
    expect(knownAuditAction('patient_assigned')).toBeNull();
  });
});
