import { describe, expect, it } from 'vitest';
import { addMomentBody } from '@tend/api/zod';
import { variantSchema } from './schemas.ts';

describe('variantSchema', () => {
  it('picks the check-up body out of the moment union, with the contract limits', () => {
    const checkup = variantSchema(addMomentBody, 'eventType', 'checkup', 'body');
    expect(checkup.safeParse({ mood: 3 }).success).toBe(true);
    expect(checkup.safeParse({ mood: 6 }).success).toBe(false);
    expect(checkup.safeParse({ mood: 3, note: 'x'.repeat(2001) }).success).toBe(false);
    const journal = variantSchema(addMomentBody, 'eventType', 'journal', 'body');
    expect(journal.safeParse({ text: '' }).success).toBe(false);
    expect(journal.safeParse({ text: 'Today' }).success).toBe(true);
  });

  it('says when there is no such variant', () => {
    expect(() => variantSchema(addMomentBody, 'eventType', 'nothing', 'body')).toThrow(/No variant/);
  });
});
