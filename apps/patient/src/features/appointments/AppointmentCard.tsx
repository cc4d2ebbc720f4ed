import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Appointment, AppointmentSlots } from '@tend/api/model';
import { useAuth } from '@tend/auth';
import { formatDateTime, formatTime, userTimeZone } from '@tend/core/time';
import { patientMayChange, untilVideoLink, zoneDiffers } from '@tend/domain/appointments';
import { useOffered } from '@tend/domain/offered';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { CancelPanel, MovePanel } from './ChangePanels.tsx';

/** A day: the longest wait for the video link's timer (the list is asked again anyway on focus). */
const DAY = 86_400_000;

/** One upcoming appointment: when, with whom, how; the video link in time; move and cancel, or why not. */
export function AppointmentCard({
  appointment: a,
  availability,
  onTimeForLink,
}: {
  appointment: Appointment;
  availability: AppointmentSlots;
  onTimeForLink: () => void;
}) {
  const { t } = useTranslation('patient');
  const [open, setOpen] = useState<'move' | 'cancel' | null>(null);
  const [refused, setRefused] = useState(false);
  const zone = userTimeZone();
  const until = untilVideoLink(a);
  useEffect(() => {
    if (until === null || until === 0 || a.videoLink || until > DAY) return;
    const timer = setTimeout(onTimeForLink, until + 1000);
    return () => clearTimeout(timer);
  }, [until, a.videoLink, onTimeForLink]);
  const mayChange = !refused && patientMayChange(a, availability.rules.noticeHours);
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('appointments.card.when', {
              when: formatDateTime(a.start, zone),
              end: formatTime(a.end, zone),
            })}
          </Text>
          <Badge variant="light">{t(`appointments.kinds.${a.kind}`)}</Badge>
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('appointments.card.with', { name: a.therapistName })}
        </Text>
        {zoneDiffers(a.start, a.therapistTimezone, zone) ? (
          <Text size="sm" c="dimmed">
            {t('appointments.card.theirTime', {
              time: formatTime(a.start, a.therapistTimezone),
              zone: a.therapistTimezone,
            })}
          </Text>
        ) : null}
        {a.note ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('appointments.card.note', { note: a.note })}
          </Text>
        ) : null}
        {a.videoLink ? (
          <Group>
            <Button component="a" href={a.videoLink} target="_blank" rel="noopener noreferrer">
              {t('appointments.card.join')}
            </Button>
          </Group>
        ) : a.videoLinkFrom ? (
          <Text size="sm">
            {t('appointments.card.linkFrom', { time: formatDateTime(a.videoLinkFrom, zone) })}
          </Text>
        ) : null}
        {!mayChange ? (
          <NoticePeriod hours={availability.rules.noticeHours} />
        ) : open === 'move' ? (
          <MovePanel
            appointment={a}
            availability={availability}
            onClose={() => setOpen(null)}
            onNoticePeriod={() => setRefused(true)}
          />
        ) : open === 'cancel' ? (
          <CancelPanel
            appointment={a}
            onClose={() => setOpen(null)}
            onNoticePeriod={() => setRefused(true)}
          />
        ) : (
          <Group>
            <Button variant="light" onClick={() => setOpen('move')}>
              {t('appointments.card.move')}
            </Button>
            <Button variant="default" onClick={() => setOpen('cancel')}>
              {t('appointments.card.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Inside the notice period: moving or cancelling is for the therapist; message them (chat where offered). */
function NoticePeriod({ hours }: { hours: number }) {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const { features } = useOffered(user?.uid);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('appointments.notice.text', { count: hours })}</Text>
      {features.chat ? (
        <Anchor component={Link} to={paths.chat} size="sm">
          {t('appointments.notice.chat')}
        </Anchor>
      ) : null}
    </Stack>
  );
}
