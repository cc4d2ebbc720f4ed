import { describe, expect, it, vi } from 'vitest';
import { toProblem } from '@tend/core';
import { afterPasswordAgain } from './reauth.ts';

describe('afterPasswordAgain', () => {
  it('asks for the password every time and runs the action only once it is confirmed', async () => {
    const action = vi.fn(async () => 'done');
    await expect(afterPasswordAgain(async () => true, action)).resolves.toBe('done');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs nothing when the prompt is cancelled, and fails as reauthentication_required', async () => {
    const action = vi.fn(async () => 'done');
    const error = await afterPasswordAgain(async () => false, action).catch((e: unknown) => e);
    expect(action).not.toHaveBeenCalled();
    expect(toProblem(error).code).toBe('reauthentication_required');
  });
});
