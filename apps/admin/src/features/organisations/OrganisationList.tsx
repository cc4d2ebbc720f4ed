import { memo, type ReactNode } from 'react';
import type { OrganisationSummary } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { RowBadge } from '@tend/ui/virtual-list';
import { PagedList, type PagedQuery } from '../../components/PagedList.tsx';
import { RowLink } from '../../components/RowLink.tsx';
import { paths, to } from '../../paths.ts';

export interface OrganisationListProps {
  /** The query the organisations come from (its state: loading, failed, more to read). */
  query: PagedQuery;
  organisations: readonly OrganisationSummary[];
  /** The region's accessible name. */
  label: string;
  empty: ReactNode;
  height?: string;
}

const ROW_ESTIMATE = 64;

/**
 * Organisations as rows (name, state, how many child organisations), each a link to its page. Virtualised
 * (only the rows in view are in the page: smooth at thousands); the next page is read as the end comes into view.
 */
export function OrganisationList({
  query,
  organisations,
  label,
  empty,
  height = 'min(65vh, 640px)',
}: OrganisationListProps) {
  const { t } = useTranslation('admin');
  return (
    <PagedList
      query={query}
      items={organisations}
      words={{
        loading: t('organisations.list.loading'),
        loadingMore: t('organisations.list.loadingMore'),
        empty,
        failed: t('organisations.list.failed'),
        failedMore: t('organisations.list.failedMore'),
      }}
      count={(count, more) =>
        more ? t('organisations.list.countMore', { count }) : t('organisations.list.count', { count })
      }
      itemKey={(o) => o.id}
      renderItem={(organisation) => <OrganisationRow organisation={organisation} />}
      label={label}
      estimateSize={ROW_ESTIMATE}
      overscan={8}
      testId="organisation-list"
      maxHeight={height}
    />
  );
}

/** One organisation: its name, state and child organisations, a link to its page. */
const OrganisationRow = memo(function OrganisationRow({
  organisation,
}: {
  organisation: OrganisationSummary;
}) {
  const { t } = useTranslation('admin');
  return (
    <RowLink to={to(paths.organisation, { organisationId: organisation.id })} title={organisation.name}>
      <RowBadge variant={organisation.enabled ? 'light' : 'default'}>
        {organisation.enabled ? t('organisations.state.enabled') : t('organisations.state.disabled')}
      </RowBadge>
      {organisation.childCount ? (
        <span className="tend-row-meta">
          {t('organisations.list.children', { count: organisation.childCount })}
        </span>
      ) : null}
    </RowLink>
  );
});
