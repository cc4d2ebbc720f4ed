import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useOrganisation } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { InvitationList } from './InvitationList.tsx';
import { InviteForm } from './InviteForm.tsx';
import { StaffList } from './StaffList.tsx';

/** `/organisations/:organisationId/staff`: invite someone, the pending invitations, and who holds which role here. */
export function StaffPage() {
  const { t } = useTranslation('admin');
  const { organisationId = '' } = useParams();
  const org = useOrganisation(organisationId);
  const name = org.merged?.name ?? '';
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={paths.organisations}>
          {t('organisations.title')}
        </Anchor>
        <Anchor component={Link} to={to(paths.organisation, { organisationId })}>
          {name ? (
            <SafeText component="span" inherit>
              {name}
            </SafeText>
          ) : (
            t('staff.organisation')
          )}
        </Anchor>
      </Breadcrumbs>
      <Stack gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {t('staff.title')}
        </Title>
        <Text>{t('staff.intro')}</Text>
      </Stack>
      <InviteForm organisationId={organisationId} />
      <InvitationList organisationId={organisationId} />
      <StaffList organisationId={organisationId} />
    </Stack>
  );
}
