import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getSubscribeEmailMockHandler,
  getUnsubscribeEmailMockHandler,
  getUpdateEmailByJwtMockHandler,
} from '@tend/api/msw';
import { renderPublic } from '../../test/render.tsx';
import { expectNotAnEmailRefused } from '../../test/forms.ts';
import { server } from '../../test/server.ts';
import { EmailUpdatePage } from './EmailUpdatePage.tsx';
import { SubscribePage, UnsubscribePage } from './SubscriptionPage.tsx';

describe('e-mail subscription', () => {
  it('subscribes the e-mail address of the link', async () => {
    let path = '';
    server.use(
      getSubscribeEmailMockHandler(({ request }) => {
        path = decodeURIComponent(new URL(request.url).pathname);
        return { email: 'sam@example.com', subscribed: true };
      }),
    );
    const { user } = renderPublic(<SubscribePage />, { route: '/email/subscribe?email=sam@example.com' });
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText("You're subscribed. We've sent the e-mails to sam@example.com."),
    ).toBeInTheDocument();
    expect(path).toBe('/email/subscribe/sam@example.com');
  });

  it('checks the address before sending', async () => {
    const { user } = renderPublic(<UnsubscribePage />, { route: '/email/unsubscribe' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Please fill this in.')).toBeInTheDocument();
    await expectNotAnEmailRefused(user, 'nope', 'Unsubscribe');
  });

  it('unsubscribes, and keeps the address when it fails', async () => {
    server.use(
      http.put('*/email/unsubscribe/:email', () =>
        HttpResponse.json({ code: 'rate_limited', message: 'Too many requests.' }, { status: 429 }),
      ),
    );
    const { user } = renderPublic(<UnsubscribePage />, { route: '/email/unsubscribe?email=sam@example.com' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts in a short time.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Too many requests.');
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('sam@example.com');
    server.use(getUnsubscribeEmailMockHandler({ email: 'sam@example.com', subscribed: false }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/You've been unsubscribed/)).toBeInTheDocument();
  });
});

describe('e-mail update by JWT link', () => {
  it('confirms with the token of the link', async () => {
    let token = '';
    server.use(
      getUpdateEmailByJwtMockHandler(({ params }) => {
        token = String(params.token);
        return 'updated';
      }),
    );
    renderPublic(<EmailUpdatePage />, { route: '/email/update?token=jwt.token.here' });
    expect(screen.getByRole('status')).toHaveTextContent('Please wait while we confirm');
    expect(await screen.findByText('Thank you: your e-mail address is confirmed.')).toBeInTheDocument();
    expect(token).toBe('jwt.token.here');
  });

  it('offers a retry when the confirmation fails', async () => {
    server.use(
      http.get('*/email/update/jwt/:token', () =>
        HttpResponse.json({ code: 'invalid_token', message: 'Expired.' }, { status: 400 }),
      ),
    );
    const { user } = renderPublic(<EmailUpdatePage />, { route: '/email/update?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your e-mail address');
    server.use(getUpdateEmailByJwtMockHandler('ok'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thank you: your e-mail address is confirmed.')).toBeInTheDocument();
  });

  it('says so when the link has no token', () => {
    renderPublic(<EmailUpdatePage />, { route: '/email/update' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
  });
});
