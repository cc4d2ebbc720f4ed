import { Group } from '@mantine/core';
import { GetHelpButton } from '../features/crisis/index.ts';
import { SyncStatus, UpdateNotice } from '../features/offline/index.ts';

/** The signed-in header's actions: Get help now, the sync status, and the new-version notice. */
export function SignedInHeaderActions() {
  return (
    <Group gap="xs" wrap="nowrap">
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
