import { Alert, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { useDashboardViews } from '@tend/domain/dashboards';
import { useOrganisationLevel } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { paths, to } from '../../paths.ts';
import { ViewPanel } from './ViewPanel.tsx';
import { useDashboardWords } from './words.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/**
 * The dashboards: one tab per view (the address names the view, `?organisation=` the organisation), and when
 * the administrator runs several organisations a picker of them. Each view's figures are drawn as charts with
 * their tables (ViewPanel).
 */
export function DashboardsPage() {
  const { t } = useTranslation('admin');
  const words = useDashboardWords();
  const navigate = useNavigate();
  const { viewId: named } = useParams();
  const [search] = useSearchParams();
  const organisationId = search.get('organisation') ?? undefined;
  const views = useDashboardViews();
  const roots = useOrganisationLevel(null);
  const items = views.data?.items ?? [];
  const viewId = named ?? items[0]?.viewId;
  const current = items.find((v) => v.viewId === viewId);
  const go = (view: string, organisation = organisationId) =>
    void navigate(
      {
        pathname: to(paths.dashboard, { viewId: view }),
        search: organisation ? `?organisation=${encodeURIComponent(organisation)}` : '',
      },
      { replace: !named },
    );
  return (
    <Stack gap="lg">
      <Title order={1}>{t('dashboards.title')}</Title>
      <Text>{t('dashboards.intro')}</Text>
      {roots.organisations.length > 1 ? (
        <Select
          maw={420}
          label={t('dashboards.organisation')}
          description={t('dashboards.organisationHint')}
          searchable
          allowDeselect={false}
          data={roots.organisations.map((o) => ({ value: o.id, label: o.name }))}
          value={organisationId ?? roots.organisations[0]!.id}
          onChange={(value) => value && viewId && go(viewId, value)}
        />
      ) : null}
      {views.isPending ? (
        <LoadingLine label={t('dashboards.viewsLoading')} />
      ) : views.error ? (
        <ProblemAlert problem={toProblem(views.error)} onRetry={() => void views.refetch()} />
      ) : viewId ? (
        <Tabs value={viewId} onChange={(value) => value && go(value)} keepMounted={false}>
          <Tabs.List aria-label={t('dashboards.viewsLabel')}>
            {items.map((v) => (
              <Tabs.Tab key={v.viewId} value={v.viewId}>
                {words.viewName(v.viewId, v.name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {items.map((v) => (
            <Tabs.Panel key={v.viewId} value={v.viewId} pt="md">
              <Stack gap="md">
                <Text size="sm">{words.viewDescription(v.viewId, v.description ?? '')}</Text>
                <ViewPanel viewId={v.viewId} organisationId={organisationId} />
              </Stack>
            </Tabs.Panel>
          ))}
          {current ? null : (
            <Alert color="orange" role="alert" mt="md" title={t('dashboards.unknownViewTitle')}>
              {t('dashboards.unknownView')}
            </Alert>
          )}
        </Tabs>
      ) : null}
    </Stack>
  );
}
