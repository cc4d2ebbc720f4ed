import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getRequestAccessMockHandler,
  getRequestCallbackMockHandler,
  getRequestCheckInMockHandler,
} from '@tend/api/msw';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import {
  isValidPhone,
  useSendAccessRequest,
  useSendCallbackRequest,
  useSendCheckInRequest,
} from './requests.ts';

const server = subjectServer();

describe('contact requests', () => {
  it('sends an access request with its type in the path and the rest in the query', async () => {
    let url: URL | undefined;
    server.use(
      getRequestAccessMockHandler(({ request }) => ((url = new URL(request.url)), { status: 'accepted' })),
    );
    const { result } = renderSubjectHook(useSendAccessRequest);
    await act(() =>
      result.current.mutateAsync({
        type: 'research',
        params: { email: 'a@example.com', message: 'Hello', isContactable: true },
      }),
    );
    expect(url?.pathname).toBe('/contact/action/request-access/research');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      email: 'a@example.com',
      message: 'Hello',
      isContactable: 'true',
    });
  });

  it("sends a callback and a check-in with their link's token", async () => {
    const seen: Array<{ query: Record<string, string>; body: unknown }> = [];
    const record = async ({ request }: { request: Request }) => {
      seen.push({ query: Object.fromEntries(new URL(request.url).searchParams), body: await request.json() });
      return { status: 'accepted' as const };
    };
    server.use(getRequestCallbackMockHandler(record), getRequestCheckInMockHandler(record));
    const callback = renderSubjectHook(useSendCallbackRequest).result;
    const checkIn = renderSubjectHook(useSendCheckInRequest).result;
    await act(() =>
      callback.current.mutateAsync({
        params: { token: 't1', callbackGroup: 'g' },
        data: { name: 'Sam', phone: '07700 900000' },
      }),
    );
    await act(() =>
      checkIn.current.mutateAsync({
        params: { token: 't2' },
        data: { name: 'Sam', message: 'Hi', preferredContact: 'email', email: 's@example.com' },
      }),
    );
    expect(seen).toEqual([
      { query: { token: 't1', callbackGroup: 'g' }, body: { name: 'Sam', phone: '07700 900000' } },
      {
        query: { token: 't2' },
        body: { name: 'Sam', message: 'Hi', preferredContact: 'email', email: 's@example.com' },
      },
    ]);
  });

  it("checks a phone number against the contract's format", () => {
    expect(['+44 20 7946 0000', '07700 900000', ' (020) 7946-0000 '].every(isValidPhone)).toBe(true);
    expect(['abc', '12345', '+44 20 7946 0000 0000 00', ''].some(isValidPhone)).toBe(false);
  });
});
