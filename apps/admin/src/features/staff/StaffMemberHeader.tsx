import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

/**
 * The top of a page about one staff member (moving a patient, removing them): the way back to the
 * organisation and its staff, and the page's title naming the person once their name is known.
 */
export function StaffMemberHeader({
  organisationId,
  heading,
  fallback,
}: {
  organisationId: string;
  /** The title with the person's name, or undefined while it is not known. */
  heading: string | undefined;
  /** The title without a name. */
  fallback: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={to(paths.organisation, { organisationId })}>
          {t('staff.organisation')}
        </Anchor>
        <Anchor component={Link} to={to(paths.staff, { organisationId })}>
          {t('staff.title')}
        </Anchor>
      </Breadcrumbs>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {heading ? (
          <SafeText component="span" inherit>
            {heading}
          </SafeText>
        ) : (
          fallback
        )}
      </Title>
    </Stack>
  );
}
