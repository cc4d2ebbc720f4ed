import { Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { nextOccurrences, useTherapistProfile } from '@tend/domain/care-team';
import { formatDay, formatTime, userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { ReadProblem } from '../../components/Loaded.tsx';
import { paths } from '../../paths.ts';

/** /care-team/:therapistId: a therapist's biography and availability, in the patient's own timezone. */
export function TherapistProfilePage() {
  const { t } = useTranslation('patient');
  const { therapistId = '' } = useParams();
  const profile = useTherapistProfile(therapistId);
  const zone = userTimeZone();
  const rows = useMemo(
    () =>
      profile.data
        ? nextOccurrences(profile.data.availability, profile.data.timezone ?? zone, Date.now())
        : [],
    [profile.data, zone],
  );
  const back = (
    <Anchor component={Link} to={paths.careTeam}>
      {t('care-team.profile.back')}
    </Anchor>
  );
  if (profile.isPending) return <Loader role="progressbar" aria-label={t('ui.loading')} />;
  if (profile.isError) {
    return (
      <Stack>
        {back}
        <ReadProblem
          query={profile}
          notFound={t('care-team.profile.notFound')}
          failed={t('care-team.profile.loadFailed')}
          missing={['not_found', 'forbidden']}
        />
      </Stack>
    );
  }
  const p = profile.data;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const theirZone = p.timezone ?? zone;
  return (
    <Stack gap="lg" maw={760}>
      {back}
      <Title order={1}>{name}</Title>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-about">
        <Title order={2} size="h3" id="profile-about" mb="xs">
          {t('care-team.profile.about')}
        </Title>
        {p.biography ? (
          <SafeText>{p.biography}</SafeText>
        ) : (
          <Text>{t('care-team.profile.noBiography', { name })}</Text>
        )}
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-availability">
        <Stack gap="xs">
          <Title order={2} size="h3" id="profile-availability">
            {t('care-team.profile.availability', { name })}
          </Title>
          {rows.length === 0 ? (
            <Text>{t('care-team.profile.noAvailability', { name })}</Text>
          ) : (
            <>
              <Text size="sm">
                {theirZone === zone
                  ? t('care-team.profile.inYourTimeSame', { zone })
                  : t('care-team.profile.inYourTime', { zone, name, theirZone })}
              </Text>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('care-team.profile.day')}</Table.Th>
                    <Table.Th>{t('care-team.profile.from')}</Table.Th>
                    <Table.Th>{t('care-team.profile.to')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Td>{formatDay(row.start, zone)}</Table.Td>
                      <Table.Td>{formatTime(row.start, zone)}</Table.Td>
                      <Table.Td>{formatTime(row.end, zone)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
