import { describe, expect, it } from 'vitest';
import { normaliseReason } from './index.ts';

describe('normaliseReason', () => {
  it('folds inner white space and trims, as the server keeps it', () => {
    expect(normaliseReason('  Her therapist\n raised   a concern ')).toBe('Her therapist raised a concern');
    expect(normaliseReason('why         .')).toBe('why .');
  });
});
