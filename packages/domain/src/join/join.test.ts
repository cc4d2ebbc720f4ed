import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getCheckOrganisationAccessCodeMockHandler,
  getGetCustomTokenMockHandler,
  getIsEmailWhitelistedMockHandler,
  getJoinOrganisationMockHandler,
  getStartJoinEmailChallengeMockHandler,
} from '@tend/api/msw';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import {
  actAsNewAccount,
  requestPatientToken,
  useJoin,
  useOrganisationLookup,
  useSendJoinCode,
} from './join.ts';

const server = subjectServer();

describe('joining an organisation', () => {
  it('finds the organisation by access code (asked afresh each time) or by a whitelisted address (cached)', async () => {
    let codeChecks = 0;
    let emailChecks = 0;
    server.use(
      getCheckOrganisationAccessCodeMockHandler(({ request }) => {
        codeChecks++;
        return new URL(request.url).searchParams.get('code') === 'TENDHEALTH'
          ? { valid: true, organisationName: 'Tend Health', termsUrl: 'https://care.example/terms' }
          : { valid: false, organisationName: null };
      }),
      getIsEmailWhitelistedMockHandler(
        () => (emailChecks++, { whitelisted: true, organisationName: 'Northfield' }),
      ),
    );
    const { result } = renderSubjectHook(useOrganisationLookup);
    expect(await result.current.byAccessCode('TENDHEALTH')).toEqual({
      found: true,
      organisationName: 'Tend Health',
      termsUrl: 'https://care.example/terms',
      privacyUrl: null,
    });
    expect(await result.current.byAccessCode('TENDHEALTH')).toEqual({
      found: true,
      organisationName: 'Tend Health',
      termsUrl: 'https://care.example/terms',
      privacyUrl: null,
    });
    expect(await result.current.byAccessCode('NOPE123')).toEqual({ found: false });
    expect(codeChecks).toBe(3);
    expect(await result.current.byEmail('sam@uni.example')).toEqual({
      found: true,
      organisationName: 'Northfield',
      termsUrl: null,
      privacyUrl: null,
    });
    await result.current.byEmail('sam@uni.example');
    expect(emailChecks).toBe(1);
  });

  it('mails the code, joins, and asks for the patient token with the new account as the bearer', async () => {
    const seen: string[] = [];
    server.use(
      getStartJoinEmailChallengeMockHandler({
        challengeId: 'ch1',
        email: 'sam@uni.example',
        organisationName: 'Northfield',
        expiresAt: '2099-01-01T00:00:00.000Z',
      }),
      getJoinOrganisationMockHandler(async ({ request }) => {
        seen.push(`join ${JSON.stringify(await request.json())} ${request.headers.get('authorization')}`);
        return {
          organisationId: 'o1',
          organisationName: 'Northfield',
          patientId: 'u1',
          joinedAt: '2026-11-22T10:00:00.000Z',
        };
      }),
      getGetCustomTokenMockHandler(({ request }) => {
        seen.push(`token ${new URL(request.url).search}`);
        return { customToken: 'ct', scopes: ['patient'], uid: 'u1', expiresAt: '2099-01-01T00:00:00.000Z' };
      }),
    );
    actAsNewAccount(async () => 'new-account-token');
    const challenge = await renderSubjectHook(useSendJoinCode).result.current.mutateAsync();
    expect(challenge.challengeId).toBe('ch1');
    const join = renderSubjectHook(useJoin).result;
    await act(() => join.current.mutateAsync({ data: { challengeId: 'ch1', code: '123456' } }));
    expect((await requestPatientToken()).customToken).toBe('ct');
    expect(seen).toEqual([
      'join {"challengeId":"ch1","code":"123456"} Bearer new-account-token',
      'token ?scope=patient',
    ]);
    actAsNewAccount(async () => null);
  });
});
