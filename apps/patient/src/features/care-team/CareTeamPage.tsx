import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMyTherapists } from '@tend/domain/care-team';
import { useTranslation } from '@tend/i18n';
import { Loaded } from '../../components/Loaded.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
import { Section } from '../../components/Section.tsx';
import { to, paths } from '../../paths.ts';
import { AccessCodeSection } from './AccessCodeSection.tsx';
import { NextAppointment } from '../../components/NextAppointment.tsx';
import { ShareDataSection } from './ShareDataSection.tsx';
import { WelfareContactLink } from './WelfareContactLink.tsx';

/** /care-team: my therapists (each with a link to their profile), my access code, sharing my data. */
export function CareTeamPage() {
  const { t } = useTranslation('patient');
  const therapists = useMyTherapists();
  return (
    <Stack gap="xl" maw={760}>
      <PageIntro title={t('care-team.title')} intro={t('care-team.intro')} />
      <Section title={t('care-team.therapists.title')}>
        <Loaded query={therapists} failed={t('care-team.therapists.loadFailed')}>
          {({ items }) =>
            items.length === 0 ? (
              <Text>{t('care-team.therapists.empty')}</Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items.map((therapist) => {
                  const name = `${therapist.firstName} ${therapist.lastName}`.trim();
                  return (
                    <Paper key={therapist.therapistId} component="li" withBorder p="sm">
                      <Group justify="space-between">
                        <Group gap="xs">
                          <Text fw={600}>{name}</Text>
                          {therapist.isLead ? (
                            <Badge variant="light">{t('care-team.therapists.lead')}</Badge>
                          ) : null}
                        </Group>
                        <Anchor
                          component={Link}
                          to={to(paths.therapistProfile, { therapistId: therapist.therapistId })}
                        >
                          {t('care-team.therapists.profile', { name })}
                        </Anchor>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            )
          }
        </Loaded>
      </Section>
      {therapists.data && therapists.data.items.length > 0 ? <NextAppointment /> : null}
      <AccessCodeSection />
      <ShareDataSection />
      <WelfareContactLink />
    </Stack>
  );
}
