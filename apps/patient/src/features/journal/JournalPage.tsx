import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@tend/auth';
import { MomentTimeline, usePatientMoments, usePendingMoments } from '@tend/domain/moments';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

/** The journal: entries newest first (virtualised), entries waiting to sync, and a new entry. */
export function JournalPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const navigate = useNavigate();
  const query = usePatientMoments(user?.uid, { types: ['journal'] });
  const waiting = usePendingMoments(user?.uid).filter((p) => p.moment.eventType === 'journal');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('journal.title')}</Title>
        <Button component={Link} to={paths.journalNew}>
          {t('journal.new')}
        </Button>
      </Group>
      <Text>{t('journal.intro')}</Text>
      {waiting.length > 0 ? (
        <Stack gap="xs" component="section" aria-label={t('ui.waiting')}>
          {waiting.map((p) =>
            p.moment.eventType === 'journal' ? (
              <Paper key={p.momentId} withBorder p="sm">
                <Group justify="space-between">
                  <Text size="sm" lineClamp={1}>
                    <SafeText component="span">{p.moment.body.title || p.moment.body.text}</SafeText>
                  </Text>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {formatDateTime(p.moment.start)}
                    </Text>
                    <Badge variant="light">{t('ui.waiting')}</Badge>
                  </Group>
                </Group>
              </Paper>
            ) : null,
          )}
        </Stack>
      ) : null}
      <MomentTimeline
        query={query}
        label={t('journal.list')}
        empty={t('journal.empty')}
        onOpen={(m) => navigate(to(paths.journalEntry, { momentId: m.momentId }))}
      />
    </Stack>
  );
}
