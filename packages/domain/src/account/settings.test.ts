import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGetPushStatusQueryKey } from '@tend/api';
import { getGetPushStatusMockHandler, getSetPushStatusMockHandler } from '@tend/api/msw';
import type { PushStatus } from '@tend/api/model';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { confirmsDeletion, usePushStatus, useSetPushStatus } from './settings.ts';

const server = subjectServer();

describe('the notification setting', () => {
  it('reads the setting, and the answer to a change becomes the cached setting', async () => {
    const bodies: unknown[] = [];
    server.use(
      getGetPushStatusMockHandler({ enabled: false }),
      getSetPushStatusMockHandler(async ({ request }) => {
        const body = (await request.json()) as PushStatus;
        bodies.push(body);
        return body;
      }),
    );
    const { result, queryClient } = renderSubjectHook(() => ({
      status: usePushStatus(),
      set: useSetPushStatus(),
    }));
    await waitFor(() => expect(result.current.status.data).toEqual({ enabled: false }));
    await act(() => result.current.set.mutateAsync({ data: { enabled: true } }));
    expect(queryClient.getQueryData<PushStatus>(getGetPushStatusQueryKey())).toEqual({ enabled: true });
    expect(bodies).toEqual([{ enabled: true }]);
  });
});

describe('confirmsDeletion', () => {
  it('accepts the word typed in any case with spaces around it, and nothing else', () => {
    expect(confirmsDeletion('delete', 'delete')).toBe(true);
    expect(confirmsDeletion('  DELETE ', 'delete')).toBe(true);
    expect(confirmsDeletion('delet', 'delete')).toBe(false);
    expect(confirmsDeletion('delete me', 'delete')).toBe(false);
    expect(confirmsDeletion('', 'delete')).toBe(false);
    expect(confirmsDeletion('', '')).toBe(false);
  });
});
