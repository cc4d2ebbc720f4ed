import { act } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getGetPushStatusQueryKey } from '@tend/api';
import {
  getRegisterPushTokenMockHandler,
  getSetPushStatusMockHandler,
  getUnregisterPushTokenMockHandler,
} from '@tend/api/msw';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { registerDevice, unregisterDevice, useSwitchPush, type PushDevice } from './push.ts';

const server = subjectServer();

type Permission = ReturnType<PushDevice['permission']>;

function fakeDevice(initial: Permission, answer: Permission = initial, token: string | null = 'tok/en+1') {
  let permission = initial;
  return {
    permission: vi.fn(() => permission),
    requestPermission: vi.fn(async () => (permission === 'default' ? (permission = answer) : permission)),
    token: vi.fn(async () => token),
    forget: vi.fn(async () => undefined),
  } satisfies PushDevice;
}

/** Records the token paths the server was sent. */
function recordCalls() {
  const calls: string[] = [];
  server.use(
    getRegisterPushTokenMockHandler(
      ({ request }) =>
        void calls.push(`register ${decodeURIComponent(new URL(request.url).pathname.split('/').pop()!)}`),
    ),
    getUnregisterPushTokenMockHandler(
      ({ request }) =>
        void calls.push(`unregister ${decodeURIComponent(new URL(request.url).pathname.split('/').pop()!)}`),
    ),
    getSetPushStatusMockHandler(async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean };
      calls.push(`status ${body.enabled}`);
      return body;
    }),
  );
  return calls;
}

describe('this device and push notifications', () => {
  it('asks the browser when turned on, registers the granted device’s token, then saves the setting', async () => {
    const calls = recordCalls();
    const device = fakeDevice('default', 'granted');
    const { result, queryClient } = renderSubjectHook(() => useSwitchPush(device));
    let outcome: string | undefined;
    await act(async () => void (outcome = await result.current.mutateAsync(true)));
    expect(outcome).toBe('registered');
    expect(device.requestPermission).toHaveBeenCalledOnce();
    expect(calls).toEqual(['register tok/en+1', 'status true']);
    expect(queryClient.getQueryData(getGetPushStatusQueryKey())).toEqual({ enabled: true });
  });

  it('saves the setting without a token where the browser refuses or cannot receive notifications', async () => {
    const calls = recordCalls();
    const blocked = renderSubjectHook(() => useSwitchPush(fakeDevice('default', 'denied')));
    await act(async () => expect(await blocked.result.current.mutateAsync(true)).toBe('blocked'));
    const unsupported = fakeDevice('unsupported');
    const none = renderSubjectHook(() => useSwitchPush(unsupported));
    await act(async () => expect(await none.result.current.mutateAsync(true)).toBe('unsupported'));
    expect(unsupported.token).not.toHaveBeenCalled();
    expect(calls).toEqual(['status true', 'status true']);
  });

  it('saves the setting even when the device cannot be registered, and says so', async () => {
    const calls = recordCalls();
    server.use(
      http.post('*/push-notifications/register/:token', () =>
        HttpResponse.json({ code: 'unavailable', message: 'Down' }, { status: 503 }),
      ),
    );
    const { result } = renderSubjectHook(() => useSwitchPush(fakeDevice('granted')));
    await act(async () => expect(await result.current.mutateAsync(true)).toBe('failed'));
    expect(calls).toEqual(['status true']);
  });

  it('turned off: saves the setting first, then unregisters and forgets this device’s token', async () => {
    const calls = recordCalls();
    const device = fakeDevice('granted');
    const { result, queryClient } = renderSubjectHook(() => useSwitchPush(device));
    await act(async () => expect(await result.current.mutateAsync(false)).toBe('removed'));
    expect(calls).toEqual(['status false', 'unregister tok/en+1']);
    expect(device.forget).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(getGetPushStatusQueryKey())).toEqual({ enabled: false });
  });

  it('never asks for a token on a device the browser has not granted', async () => {
    const calls = recordCalls();
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      const device = fakeDevice(permission);
      expect(await unregisterDevice(device)).toBe('none');
      expect(await registerDevice(device, false)).toBe(
        permission === 'denied' ? 'blocked' : permission === 'unsupported' ? 'unsupported' : 'none',
      );
      expect(device.token).not.toHaveBeenCalled();
      expect(device.requestPermission).not.toHaveBeenCalled();
    }
    expect(calls).toEqual([]);
  });
});
