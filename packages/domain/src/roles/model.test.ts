import { describe, expect, it } from 'vitest';
import { sortScopes } from './index.ts';

describe('sortScopes', () => {
  it('puts the most powerful scope first and unknown ones last, keeping their order', () => {
    expect(sortScopes(['patient', 'lead-therapist', 'org-admin', 'therapist'])).toEqual([
      'org-admin',
      'therapist',
      'lead-therapist',
      'patient',
    ]);
    expect(sortScopes(['future-b', 'data-export', 'future-a'])).toEqual([
      'data-export',
      'future-b',
      'future-a',
    ]);
  });
});
