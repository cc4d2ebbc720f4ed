import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getRequestAccessMockHandler,
  getRequestCallbackMockHandler,
  getRequestCheckInMockHandler,
} from '@tend/api/msw';
import { renderPublic } from '../../test/render.tsx';
import { expectNotAnEmailRefused } from '../../test/forms.ts';
import { server } from '../../test/server.ts';
import { RequestAccessPage } from './RequestAccessPage.tsx';
import { RequestCallbackPage } from './RequestCallbackPage.tsx';
import { RequestCheckInPage } from './RequestCheckInPage.tsx';

const failure = (path: string) =>
  http.post(`*${path}`, () =>
    HttpResponse.json({ code: 'internal', message: 'The mail service is down.' }, { status: 503 }),
  );

/**
 * Answers every send through `mock` with "accepted" and keeps the last request (its URL and JSON body): what the
 * form sent, read after it confirms.
 */
function keepSentRequest(mock: typeof getRequestCallbackMockHandler | typeof getRequestCheckInMockHandler) {
  let sent: { url: URL; body: unknown } | undefined;
  server.use(
    mock(async ({ request }) => {
      sent = { url: new URL(request.url), body: await request.json() };
      return { status: 'accepted' };
    }),
  );
  return () => sent;
}

/** Opens the callback form from its link, types a name and a phone number, and sends it. */
async function sendCallbackRequest() {
  const { user } = renderPublic(<RequestCallbackPage />, {
    route: '/contact/callback?token=t&callbackGroup=g',
  });
  await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '07700 900000');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

describe('request access', () => {
  it('shows the spec messages for blank and invalid fields', async () => {
    const { user } = renderPublic(<RequestAccessPage />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Please fill this in.')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Message/ })).toHaveFocus());
    await expectNotAnEmailRefused(user, 'not-an-email', 'Send');
  });

  it('sends type, message, e-mail and consent, then confirms', async () => {
    let sent: URL | undefined;
    server.use(
      getRequestAccessMockHandler(({ request }) => {
        sent = new URL(request.url);
        return { status: 'accepted' };
      }),
    );
    const { user } = renderPublic(<RequestAccessPage />);
    await user.click(screen.getByRole('radio', { name: 'A therapist or clinician' }));
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Our clinic would like to use Tend.');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'sam@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'You may contact me about my request' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/We've received your request/)).toBeInTheDocument();
    expect(sent?.pathname).toBe('/contact/action/request-access/therapist');
    expect(Object.fromEntries(sent!.searchParams)).toEqual({
      email: 'sam@example.com',
      message: 'Our clinic would like to use Tend.',
      isContactable: 'true',
    });
  });

  it('keeps everything typed when the send fails', async () => {
    server.use(failure('/contact/action/request-access/:type'));
    const { user } = renderPublic(<RequestAccessPage />);
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Please help');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be sent');
    expect(screen.getByRole('alert')).not.toHaveTextContent('The mail service is down.');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Please help');
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('sam@example.com');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('request a callback', () => {
  it('needs the token and callback group of the link', () => {
    renderPublic(<RequestCallbackPage />, { route: '/contact/callback?token=abc' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('sends the client details with the link token and group', async () => {
    const sent = keepSentRequest(getRequestCallbackMockHandler);
    const { user } = renderPublic(<RequestCallbackPage />, {
      route: '/contact/callback?token=tok-1&callbackGroup=nurses',
    });
    // It names who receives the request (the Tend team's mailbox), never a care team the person may not have.
    expect(screen.getByText(/Your request goes to the Tend team \(not to a therapist\)/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/care team/i);
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam Patel');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('is not a valid phone number')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Phone number/ }));
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+44 20 7946 0000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Best time to call' }), 'evening');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(/The Tend team has your request and will call you back/),
    ).toBeInTheDocument();
    expect(Object.fromEntries(sent()!.url.searchParams)).toEqual({ token: 'tok-1', callbackGroup: 'nurses' });
    expect(sent()!.body).toEqual({
      name: 'Sam Patel',
      phone: '+44 20 7946 0000',
      preferredTime: 'Evening (5pm to 8pm)',
    });
  });

  it('keeps everything typed when the send fails', async () => {
    server.use(failure('/contact/action/request-callback'));
    const user = await sendCallbackRequest();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be sent');
    // The server's own text is never shown.
    expect(screen.getByRole('alert')).not.toHaveTextContent('The mail service is down.');
    expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveValue('Sam');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('07700 900000');
    // Try again sends the same request.
    server.use(getRequestCallbackMockHandler({ status: 'accepted' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(/The Tend team has your request and will call you back/),
    ).toBeInTheDocument();
  });

  it('says the link is not valid when the server does not know its token', async () => {
    server.use(
      http.post('*/contact/action/request-callback', () =>
        HttpResponse.json({ code: 'invalid_token', message: 'Unknown contact token.' }, { status: 403 }),
      ),
    );
    await sendCallbackRequest();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Unknown contact token.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('request a check-in', () => {
  it('needs the token of the link', () => {
    renderPublic(<RequestCheckInPage />, { route: '/contact/check-in' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
  });

  it('asks for the phone number when contact by phone is chosen, then sends', async () => {
    const sent = keepSentRequest(getRequestCheckInMockHandler);
    const { user } = renderPublic(<RequestCheckInPage />, { route: '/contact/check-in?token=tok-2' });
    expect(screen.getByText(/Ask the Tend team to check in with you/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/care team/i);
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
    await user.type(
      screen.getByRole('textbox', { name: /What would you like to talk about/ }),
      'Sleep has been hard.',
    );
    await user.click(screen.getByRole('radio', { name: 'By phone' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fill this in.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '07700 900000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(
      await screen.findByText('Thank you. The Tend team has your request and will check in with you soon.'),
    ).toBeInTheDocument();
    expect(sent()!.url.searchParams.get('token')).toBe('tok-2');
    expect(sent()!.body).toEqual({
      name: 'Sam',
      message: 'Sleep has been hard.',
      preferredContact: 'phone',
      phone: '07700 900000',
    });
  });
});
