import { Stack } from '@mantine/core';
import { MessageAlertNotices } from '@tend/domain/message-alerts';
import { PortalGreeting } from '@tend/portal';
import { tk } from '../../tk.ts';

/** The signed-in home: the greeting by name, the service's notices for therapists, then what the therapist app offers. */
export function HomePage() {
  return (
    <Stack gap="lg">
      <PortalGreeting intro={tk('home.intro')} />
      <MessageAlertNotices />
    </Stack>
  );
}
