import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCheckOrganisationAccessCodeMockHandler,
  getGetCustomTokenMockHandler,
  getIsEmailWhitelistedMockHandler,
  getJoinOrganisationMockHandler,
  getStartJoinEmailChallengeMockHandler,
  getUpdateLanguageMockHandler,
  getUpdateScreenNameMockHandler,
  getUpdateUserNameMockHandler,
} from '@tend/api/msw';
import { renderPublic } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { SignupModule } from './SignupModule.tsx';
import type * as FirebaseModule from './firebase.ts';

const firebase = vi.hoisted(() => ({
  createUserWithEmailAndPassword: vi.fn(),
  signInWithCustomToken: vi.fn(),
  auth: { currentUser: null as null | { uid: string; getIdToken: () => Promise<string> } },
}));

vi.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: firebase.createUserWithEmailAndPassword,
  signInWithCustomToken: firebase.signInWithCustomToken,
}));
vi.mock('./firebase.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseModule>()),
  signupAuth: () => firebase.auth,
}));

const summary = {
  uid: 'u1',
  firstName: 'Sam',
  lastName: 'Patel',
  screenName: 'sam',
  language: 'en',
  email: 'sam@uni.example',
  scopes: [],
  mfaEnabled: false,
};

beforeEach(() => {
  firebase.auth.currentUser = null;
  firebase.createUserWithEmailAndPassword.mockReset();
  firebase.signInWithCustomToken.mockReset().mockResolvedValue({});
});

/** Firebase creates the account `uid` and signs it in (its ID token `idToken`). */
function firebaseCreatesAccount(uid: string, idToken: string) {
  firebase.createUserWithEmailAndPassword.mockImplementation(async () => {
    firebase.auth.currentUser = { uid, getIdToken: async () => idToken };
    return { user: firebase.auth.currentUser };
  });
}

const joined = {
  organisationId: 'org-northfield',
  organisationName: 'Northfield University',
  patientId: 'u1',
  joinedAt: '2026-11-22T10:00:00.000Z',
};
const challenge = {
  challengeId: 'ch-1',
  email: 'sam@uni.example',
  organisationName: 'Northfield University',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

/** The password, the profile and the consent, up to Create my account. */
async function fillPasswordProfileConsent(user: ReturnType<typeof renderPublic>['user']) {
  await user.type(screen.getByLabelText(/^Password/), 'quiet-harbour-42');
  await user.type(screen.getByLabelText(/^Repeat the password/), 'quiet-harbour-42');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Sam');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Patel');
  await user.type(screen.getByRole('textbox', { name: /Screen name/ }), 'sam');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('checkbox', { name: /terms of use/ }));
  await user.click(screen.getByRole('checkbox', { name: /privacy notice/ }));
}

async function fillUpToConsent(user: ReturnType<typeof renderPublic>['user']) {
  await user.click(screen.getByRole('radio', { name: /organisation e-mail address/ }));
  await user.type(screen.getByRole('textbox', { name: /organisation e-mail address/ }), 'sam@uni.example');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByText('Your e-mail address belongs to Northfield University.'),
  ).toBeInTheDocument();
  await fillPasswordProfileConsent(user);
}

/** Joining by code: the e-mail and password, the profile and the consent, up to Create my account. */
async function fillAfterCode(user: ReturnType<typeof renderPublic>['user']) {
  await user.type(await screen.findByRole('textbox', { name: /Your e-mail address/ }), 'sam@home.example');
  await fillPasswordProfileConsent(user);
}

describe('sign-up module', () => {
  it('refuses an e-mail no organisation whitelists', async () => {
    server.use(getIsEmailWhitelistedMockHandler({ whitelisted: false, organisationName: null }));
    const { user } = renderPublic(<SignupModule />, { route: '/signup' });
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 5: Organisation' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /organisation e-mail address/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 6: Organisation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill this in.')).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: /organisation e-mail address/ }),
      'sam@gmail.example',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/couldn't find an organisation using Tend/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 6: Organisation' })).toBeInTheDocument();
  });

  it('explains the password rules', async () => {
    server.use(
      getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }),
    );
    const { user } = renderPublic(<SignupModule />, { route: '/signup?email=sam@uni.example' });
    expect(screen.getByRole('radio', { name: /organisation e-mail address/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Password/), 'short1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'short2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('needs at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText("doesn't match the password")).toBeInTheDocument();
    expect(screen.getByText(/at least one number/)).toHaveTextContent('(done)');
  });

  it('joins by access code: checks the code, asks for the e-mail, creates the account, joins and signs in', async () => {
    const calls: string[] = [];
    server.use(
      getCheckOrganisationAccessCodeMockHandler(({ request }) => {
        const code = new URL(request.url).searchParams.get('code');
        calls.push(`check ${code}`);
        return code === 'TEND HEALTH'
          ? { valid: true, organisationName: 'Tend Health' }
          : { valid: false, organisationName: null };
      }),
      getUpdateUserNameMockHandler(summary),
      getUpdateScreenNameMockHandler(summary),
      getUpdateLanguageMockHandler(summary),
      getJoinOrganisationMockHandler(async ({ request }) => {
        calls.push(`join ${JSON.stringify(await request.json())}`);
        return { ...joined, organisationName: 'Tend Health' };
      }),
      getGetCustomTokenMockHandler({
        customToken: 'custom',
        scopes: ['patient'],
        uid: 'u1',
        expiresAt: '2099-01-01T00:00:00.000Z',
      }),
    );
    firebaseCreatesAccount('u1', 'id-token-1');
    const { user } = renderPublic(<SignupModule />, { route: '/signup?client=demo' });
    expect(screen.getByRole('radio', { name: /access code/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /^Access code/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('should be 6 to 32 letters or numbers')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Access code/ }));
    await user.type(screen.getByRole('textbox', { name: /^Access code/ }), 'WRONGCODE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/don't recognise this access code/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Access code/ })).toHaveValue('WRONGCODE');
    await user.clear(screen.getByRole('textbox', { name: /^Access code/ }));
    await user.type(screen.getByRole('textbox', { name: /^Access code/ }), 'TEND HEALTH');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This access code belongs to Tend Health.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Step 2 of 5: E-mail and password' }),
    ).toBeInTheDocument();
    await fillAfterCode(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Step 5 of 5: Start using Tend' }),
    ).toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      firebase.auth,
      'sam@home.example',
      'quiet-harbour-42',
    );
    expect(calls).toEqual(['check WRONGCODE', 'check TEND HEALTH', 'join {"accessCode":"TEND HEALTH"}']);
    expect(firebase.signInWithCustomToken).toHaveBeenCalledWith(firebase.auth, 'custom');
    expect(screen.getByText(/You're now part of Tend Health on Tend/)).toBeInTheDocument();
  });

  it('joins by e-mail: creates the account, mails a code, refuses a wrong code, joins with the right one', async () => {
    const calls: string[] = [];
    let challenges = 0;
    server.use(
      getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }),
      getUpdateUserNameMockHandler(({ request }) => {
        calls.push(`username ${new URL(request.url).search} ${request.headers.get('authorization')}`);
        return summary;
      }),
      getUpdateScreenNameMockHandler(({ request }) => {
        calls.push(`screenname ${new URL(request.url).search}`);
        return summary;
      }),
      getUpdateLanguageMockHandler(({ request }) => {
        calls.push(`language ${new URL(request.url).search}`);
        return summary;
      }),
      getStartJoinEmailChallengeMockHandler(() => {
        challenges += 1;
        calls.push('challenge');
        return { ...challenge, challengeId: `ch-${challenges}` };
      }),
      http.post('*/join', async ({ request }) => {
        const body = (await request.json()) as { challengeId: string; code: string };
        calls.push(`join ${body.challengeId} ${body.code}`);
        if (body.code !== '123 456') {
          return HttpResponse.json(
            { code: 'invalid_code', message: 'Wrong code', details: { attemptsLeft: 4 } },
            { status: 400 },
          );
        }
        return HttpResponse.json(joined, { status: 201 });
      }),
      getGetCustomTokenMockHandler(({ request }) => {
        calls.push(`customToken ${new URL(request.url).search}`);
        return {
          customToken: 'custom',
          scopes: ['patient'],
          uid: 'u1',
          expiresAt: '2099-01-01T00:00:00.000Z',
        };
      }),
    );
    firebase.createUserWithEmailAndPassword
      .mockRejectedValueOnce(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }))
      .mockImplementation(async () => {
        firebase.auth.currentUser = { uid: 'u1', getIdToken: async () => 'id-token-1' };
        return { user: firebase.auth.currentUser };
      });
    const { user } = renderPublic(<SignupModule />, { route: '/signup?client=demo' });
    await fillUpToConsent(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach Tend");
    // Nothing typed is lost: back through the steps, every value is still there.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('Sam');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('checkbox', { name: /terms of use/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Step 5 of 6: Confirm your e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/sent a 6-digit code to sam@uni.example/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Code from the e-mail/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('should be the 6 digits from the e-mail')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Code from the e-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /Code from the e-mail/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/You have 4 more tries/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/sent a new code to sam@uni.example/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Code from the e-mail/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Step 6 of 6: Start using Tend' }),
    ).toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenLastCalledWith(
      firebase.auth,
      'sam@uni.example',
      'quiet-harbour-42',
    );
    expect(calls).toEqual([
      'username ?firstName=Sam&lastName=Patel Bearer id-token-1',
      'screenname ?screenName=sam',
      'language ?language=en',
      'challenge',
      'join ch-1 654321',
      'challenge',
      'join ch-2 123 456',
      'customToken ?scope=patient',
    ]);
    expect(firebase.signInWithCustomToken).toHaveBeenCalledWith(firebase.auth, 'custom');
    expect(screen.getByText(/Welcome to Tend, Sam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'iPhone (App Store)' })).toHaveAttribute(
      'href',
      '/openid/guide/ios/demo',
    );
    expect(screen.getByRole('link', { name: 'Android (Google Play)' })).toHaveAttribute(
      'href',
      '/openid/guide/android/demo',
    );
  });

  it('retries only the profile when it failed, never creating a second account; says so when the scope is not granted', async () => {
    let usernameAttempts = 0;
    server.use(
      getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }),
      http.post('*/iams/account-details/username', () => {
        usernameAttempts += 1;
        return usernameAttempts === 1
          ? HttpResponse.json({ code: 'internal', message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json(summary);
      }),
      getUpdateScreenNameMockHandler(summary),
      getUpdateLanguageMockHandler(summary),
      getStartJoinEmailChallengeMockHandler(challenge),
      getJoinOrganisationMockHandler(joined),
      http.get('*/iams/auth/customToken', () =>
        HttpResponse.json({ code: 'scope_not_granted', message: 'Not a patient yet.' }, { status: 403 }),
      ),
    );
    firebaseCreatesAccount('u2', 'id-token-2');
    const { user } = renderPublic(<SignupModule />, { route: '/signup?client=demo' });
    await fillUpToConsent(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your account was created, but we couldn't save your details",
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Database unavailable');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await user.type(await screen.findByRole('textbox', { name: /Code from the e-mail/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Step 6 of 6: Start using Tend' }),
    ).toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledTimes(1);
    expect(usernameAttempts).toBe(2);
    await waitFor(() =>
      expect(screen.getByText(/isn't linked to your organisation's service yet/)).toBeInTheDocument(),
    );
  });

  it('keeps the account and everything typed when the access code stops working before joining', async () => {
    server.use(
      getCheckOrganisationAccessCodeMockHandler({ valid: true, organisationName: 'Tend Health' }),
      getUpdateUserNameMockHandler(summary),
      getUpdateScreenNameMockHandler(summary),
      getUpdateLanguageMockHandler(summary),
      http.post('*/join', () =>
        HttpResponse.json({ code: 'no_redemptions_left', message: 'Full' }, { status: 409 }),
      ),
    );
    firebaseCreatesAccount('u3', 'id-token-3');
    const { user } = renderPublic(<SignupModule />, { route: '/signup?code=TENDHEALTH' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillAfterCode(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no places left');
    expect(screen.getByRole('checkbox', { name: /terms of use/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('Sam');
  });

  it('sends a person whose e-mail already has an account back to the first step, with the address kept', async () => {
    server.use(
      getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }),
    );
    firebase.createUserWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('in use'), { code: 'auth/email-already-in-use' }),
    );
    const { user } = renderPublic(<SignupModule />, { route: '/signup' });
    await fillUpToConsent(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail address already exists',
    );
    expect(screen.getByRole('textbox', { name: /organisation e-mail address/ })).toHaveValue(
      'sam@uni.example',
    );
  });
});
