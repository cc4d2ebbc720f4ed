import { Group } from '@mantine/core';
import { Suspense } from 'react';
import { getRuntimeConfig } from '@tend/config/runtime';
import { PushDeviceSync } from '../features/account/index.ts';
import { GetHelpButton } from '../features/crisis/index.ts';
import { SyncStatus, UpdateNotice } from '../features/offline/index.ts';

/**
 * The signed-in header's actions: Get help now, the sync status, and the new-version notice (and, where the
 * deployment has push notifications, this device's registration kept with the session).
 */
export function SignedInHeaderActions() {
  return (
    <Group gap="xs" wrap="nowrap">
      {getRuntimeConfig().push ? (
        <Suspense fallback={null}>
          <PushDeviceSync />
        </Suspense>
      ) : null}
      <SyncStatus />
      <GetHelpButton signedIn />
      <UpdateNotice />
    </Group>
  );
}

/** The signed-out pages' header: Get help now (and the new-version notice). */
export function SignedOutHeaderActions() {
  return (
    <>
      <GetHelpButton signedIn={false} />
      <UpdateNotice />
    </>
  );
}
