import { describe, expect, it } from 'vitest';
import { careTestApp } from '../patients/care-test-app.ts';
import { pointsFor } from './routes.ts';

const { op } = careTestApp();

const earn = (payload: Record<string, unknown>, user: string | null = 'patient') =>
  op(user, 'earnReward', { payload });

describe('rewards', () => {
  it('computes points: ceil(duration / 60), doubled when recommended, at most 100', () => {
    expect(pointsFor(0, false)).toBe(0);
    expect(pointsFor(61, false)).toBe(2);
    expect(pointsFor(600, true)).toBe(20);
    expect(pointsFor(86_400, true)).toBe(100);
  });

  it('credits a session once per sessionId and answers the balance', async () => {
    const first = await earn({ isRecommended: true, duration: 300, sessionId: 'breathing-1' });
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toEqual({ sessionId: 'breathing-1', pointsEarned: 10, balance: 10 });
    const again = await earn({ isRecommended: false, duration: 3000, sessionId: 'breathing-1' });
    expect(again.body).toEqual({ sessionId: 'breathing-1', pointsEarned: 10, balance: 10 });
    const second = await earn({ isRecommended: false, duration: 90, sessionId: 'walk-1' });
    expect(second.body).toEqual({ sessionId: 'walk-1', pointsEarned: 2, balance: 12 });
    const other = await earn({ isRecommended: false, duration: 90, sessionId: 'walk-1' }, 'patient2');
    expect(other.body).toEqual({ sessionId: 'walk-1', pointsEarned: 2, balance: 2 });
  });

  it('refuses bad input (400) and non-patients (403)', async () => {
    expect((await earn({ isRecommended: true, duration: -1, sessionId: 's' })).res.statusCode).toBe(400);
    expect((await earn({ isRecommended: true, duration: 86_401, sessionId: 's' })).res.statusCode).toBe(400);
    expect((await earn({ isRecommended: true, duration: 60 })).res.statusCode).toBe(400);
    expect((await earn({ isRecommended: 'yes', duration: 60, sessionId: 's' })).res.statusCode).toBe(400);
    expect((await earn({ isRecommended: true, duration: 60, sessionId: '' })).res.statusCode).toBe(400);
    expect(
      (await earn({ isRecommended: true, duration: 60, sessionId: 's' }, 'therapist')).res.statusCode,
    ).toBe(403);
    expect((await earn({ isRecommended: true, duration: 60, sessionId: 's' }, null)).res.statusCode).toBe(
      401,
    );
  });
});
