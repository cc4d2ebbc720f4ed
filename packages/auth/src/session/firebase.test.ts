import { describe, expect, it } from 'vitest';
import type { User } from 'firebase/auth';
import { toAuthUser } from './firebase.ts';

function user(claims: Record<string, unknown>, signInProvider: string): User {
  return {
    uid: 'u1',
    email: 'therapist@example.com',
    getIdTokenResult: async () => ({
      claims,
      signInProvider,
      authTime: new Date(1_800_000_000_000).toUTCString(),
      token: 't',
      expirationTime: '',
      issuedAtTime: '',
      signInSecondFactor: null,
    }),
  } as unknown as User;
}

describe('toAuthUser', () => {
  it('reads the scopes, the sign-in time and the re-authentication time of a custom-token session', async () => {
    const u = await toAuthUser(
      user(
        { scopes: ['therapist', 'lead-therapist', 7], auth_time: 1_800_000_000, reauth_at: 1_800_000_100 },
        'custom',
      ),
    );
    expect(u).toEqual({
      uid: 'u1',
      email: 'therapist@example.com',
      scopes: ['therapist', 'lead-therapist'],
      signedInAt: 1_800_000_000_000,
      reauthAt: 1_800_000_100_000,
    });
  });

  it('gives a password sign-in no scopes, whatever its claims say', async () => {
    const u = await toAuthUser(user({ scopes: ['therapist'], auth_time: 1_800_000_000 }, 'password'));
    expect(u.scopes).toEqual([]);
    expect(u.reauthAt).toBeNull();
  });
});
