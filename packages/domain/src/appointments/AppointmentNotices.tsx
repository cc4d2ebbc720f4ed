import { Alert, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useRef } from 'react';
import type { AppointmentNotice } from '@tend/api/model';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { focusAfterRemoval, SafeText } from '@tend/ui';
import { useAppointmentNotices, useMarkAppointmentNoticesSeen } from './queries.ts';
import { useAppointmentWords } from './words.ts';

// Calm colours whose titles keep AA contrast on their light background.
const COLOURS = { booked: 'tend', moved: 'blue', cancelled: 'blue' } as const;

/**
 * What the other side of the viewer's appointments changed and the viewer has not seen (a patient: their
 * therapist's moves and cancellations; a therapist: their patients' bookings, moves and cancellations), as
 * notices the viewer marks seen, times in `timeZone`. Nothing while they load or when there are none. Focus,
 * on a dismiss button, goes to the next notice's, or to the region after the last one.
 */
export function AppointmentNotices({ timeZone }: { timeZone: string }) {
  const { td } = useAppointmentWords();
  const notices = useAppointmentNotices();
  const markSeen = useMarkAppointmentNoticesSeen();
  const submit = useSubmit((noticeId: string) => markSeen.mutateAsync({ data: { noticeIds: [noticeId] } }));
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  if (notices.isError && notices.data === undefined)
    return (
      <ProblemAlert
        problem={toProblem(notices.error)}
        message={td('appointments.notices.loadFailed')}
        onRetry={() => void notices.refetch()}
      />
    );
  const items = notices.data?.items ?? [];
  if (items.length === 0) return null;
  const more = (notices.data?.unseen ?? items.length) - items.length;
  const dismiss = async (notice: AppointmentNotice) => {
    const container = ref.current;
    const hadFocus = Boolean(container?.contains(document.activeElement));
    const result = await submit.submit(notice.noticeId);
    if (result.ok && hadFocus) focusAfterRemoval(container);
  };
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={headingId}
      ref={ref}
      data-testid="appointment-notices"
    >
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          {td('appointments.notices.region')}
        </Title>
      </VisuallyHidden>
      {submit.problem ? (
        <ProblemAlert problem={submit.problem} message={td('appointments.notices.failed')} />
      ) : null}
      {items.map((n) => {
        const when = formatDateTime(n.start, timeZone);
        const title = td(`appointments.notices.title.${n.change}`);
        const name = n.by === 'patient' ? n.patientName : n.therapistName;
        const words = n.by === 'patient' ? 'byPatient' : 'byTherapist';
        return (
          <Alert
            key={n.noticeId}
            role="note"
            color={COLOURS[n.change]}
            title={title}
            withCloseButton
            closeButtonLabel={td('appointments.notices.dismiss', { title, when })}
            onClose={() => void dismiss(n)}
            data-testid="appointment-notice"
          >
            <Stack gap={4}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {td(`appointments.notices.${words}.${n.change}`, {
                  name,
                  when,
                  previous: n.previousStart ? formatDateTime(n.previousStart, timeZone) : '',
                })}
              </Text>
              {n.reason ? (
                <SafeText size="sm" c="dimmed">
                  {td('appointments.notices.reason', { reason: n.reason })}
                </SafeText>
              ) : null}
            </Stack>
          </Alert>
        );
      })}
      {more > 0 ? (
        <Text size="sm" c="dimmed">
          {td('appointments.notices.more', { count: more })}
        </Text>
      ) : null}
    </Stack>
  );
}
