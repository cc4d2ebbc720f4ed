import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getGetCustomTokenMockHandler,
  getIsEmailWhitelistedMockHandler,
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

async function fillUpToConsent(user: ReturnType<typeof renderPublic>['user']) {
  await user.type(screen.getByRole('textbox', { name: /organisation e-mail address/ }), 'sam@uni.example');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Your e-mail address belongs to Northfield University.')).toBeInTheDocument();
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

describe('sign-up module', () => {
  it('refuses an e-mail no organisation whitelists', async () => {
    server.use(getIsEmailWhitelistedMockHandler({ whitelisted: false, organisationName: null }));
    const { user } = renderPublic(<SignupModule />, { route: '/signup' });
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 5: Organisation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("can't be blank")).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /organisation e-mail address/ }), 'sam@gmail.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/couldn't find an organisation using Tend/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 5: Organisation' })).toBeInTheDocument();
  });

  it('explains the password rules', async () => {
    server.use(getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }));
    const { user } = renderPublic(<SignupModule />, { route: '/signup?email=sam@uni.example' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Password/), 'short1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'short2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('needs at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText("doesn't match the password")).toBeInTheDocument();
    expect(screen.getByText(/at least one number/)).toHaveTextContent('(done)');
  });

  it('creates the account, sets the profile, and keeps everything when a step fails', async () => {
    const calls: string[] = [];
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
      getGetCustomTokenMockHandler(({ request }) => {
        calls.push(`customToken ${new URL(request.url).search}`);
        return { customToken: 'custom', scopes: ['patient'], uid: 'u1' };
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
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 5 of 5: Get the app' })).toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenLastCalledWith(firebase.auth, 'sam@uni.example', 'quiet-harbour-42');
    expect(calls).toEqual([
      'username ?firstName=Sam&lastName=Patel Bearer id-token-1',
      'screenname ?screenName=sam',
      'language ?language=en',
      'customToken ?scope=patient',
    ]);
    expect(firebase.signInWithCustomToken).toHaveBeenCalledWith(firebase.auth, 'custom');
    expect(screen.getByText(/Welcome to Tend, Sam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'iPhone (App Store)' })).toHaveAttribute('href', '/openid/guide/ios/demo');
    expect(screen.getByRole('link', { name: 'Android (Google Play)' })).toHaveAttribute('href', '/openid/guide/android/demo');
  });

  it('retries only the profile when it failed, never creating a second account', async () => {
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
      http.get('*/iams/auth/customToken', () =>
        HttpResponse.json({ code: 'scope_not_granted', message: 'Not a patient yet.' }, { status: 403 }),
      ),
    );
    firebase.createUserWithEmailAndPassword.mockImplementation(async () => {
      firebase.auth.currentUser = { uid: 'u2', getIdToken: async () => 'id-token-2' };
      return { user: firebase.auth.currentUser };
    });
    const { user } = renderPublic(<SignupModule />, { route: '/signup?client=demo' });
    await fillUpToConsent(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Your account was created, but we couldn't save your details");
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 5 of 5: Get the app' })).toBeInTheDocument();
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledTimes(1);
    expect(usernameAttempts).toBe(2);
    await waitFor(() => expect(screen.getByText(/isn't linked to your organisation's service yet/)).toBeInTheDocument());
  });

  it('sends a person whose e-mail already has an account back to the first step, with the address kept', async () => {
    server.use(getIsEmailWhitelistedMockHandler({ whitelisted: true, organisationName: 'Northfield University' }));
    firebase.createUserWithEmailAndPassword.mockRejectedValue(Object.assign(new Error('in use'), { code: 'auth/email-already-in-use' }));
    const { user } = renderPublic(<SignupModule />, { route: '/signup' });
    await fillUpToConsent(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail address already exists');
    expect(screen.getByRole('textbox', { name: /organisation e-mail address/ })).toHaveValue('sam@uni.example');
  });
});
