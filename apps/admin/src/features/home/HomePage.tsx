import { Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { useOrganisationChoice } from '@tend/domain/organisations';
import { useMyScopes } from '@tend/domain/roles';
import { useTranslation } from '@tend/i18n';
import { PortalGreeting } from '@tend/portal';
import { tk } from '../../tk.ts';
import { HomeNumbers } from './HomeNumbers.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/** The signed-in home: the greeting by name, then, for an administrator, what needs them in their organisation. */
export function HomePage() {
  const scopes = useMyScopes();
  const admin = scopes.data?.scopes.includes('org-admin') ?? false;
  return <PortalGreeting intro={tk('home.intro')}>{admin ? <AdminHome /> : null}</PortalGreeting>;
}

function AdminHome() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const { organisationId, options, roots } = useOrganisationChoice(search.get('organisation'));
  const name = options.find((o) => o.value === organisationId)?.label ?? '';
  if (!organisationId) {
    if (roots.isPending) return <LoadingLine label={t('home.loading')} />;
    if (roots.error)
      return <ProblemAlert problem={toProblem(roots.error)} onRetry={() => void roots.refetch()} />;
    return <Text c="dimmed">{t('home.noOrganisation')}</Text>;
  }
  return (
    <Stack gap="md">
      {options.length > 1 ? (
        <Select
          maw={420}
          label={t('home.organisation')}
          searchable
          allowDeselect={false}
          data={options}
          value={organisationId}
          onChange={(value) => value && setSearch({ organisation: value }, { replace: true })}
        />
      ) : null}
      <HomeNumbers organisationId={organisationId} name={name} />
    </Stack>
  );
}
