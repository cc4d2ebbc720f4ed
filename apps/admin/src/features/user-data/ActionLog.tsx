import type { UserDataAction } from '@tend/api/model';
import { PagedLogSection } from '@tend/domain/log';
import { useUserDataLog } from '@tend/domain/users-data';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

/** The server's log of the tooling's actions: when, who, what, about which user. */
export function ActionLog() {
  const { t } = useTranslation('admin');
  const log = useUserDataLog();
  const what = (e: UserDataAction) => {
    const rows = e.detail.rows ?? 0;
    switch (e.action) {
      case 'export':
        return t('user-data.log.actions.export', { rows });
      case 'clone':
        return t('user-data.log.actions.clone', { cloneUserId: e.detail.cloneUserId ?? '' });
      case 'create':
        return t('user-data.log.actions.create', { scopes: (e.detail.scopes ?? []).join(', ') });
      case 'erase':
        return t('user-data.log.actions.erase', { rows });
    }
  };
  return (
    <PagedLogSection<UserDataAction>
      log={log}
      entryKey={(e) => e.id}
      testId="action-log"
      words={{
        title: t('user-data.log.title'),
        intro: t('user-data.log.intro'),
        loading: t('user-data.log.loading'),
        empty: t('user-data.log.empty'),
        caption: t('user-data.log.caption'),
        more: t('user-data.log.more'),
      }}
      columns={[
        { header: t('user-data.log.when'), cell: (e) => formatDateTime(e.at) },
        {
          header: t('user-data.log.who'),
          cell: (e) => (
            <SafeText component="span" inherit>
              {e.actor.email ?? e.actor.name ?? t('user-data.log.removed')}
            </SafeText>
          ),
        },
        { header: t('user-data.log.what'), cell: what },
        {
          header: t('user-data.log.user'),
          cell: (e) => e.subject.userId ?? t('user-data.log.erasedUser', { ref: e.subject.ref }),
          fontFamily: (e) => (e.subject.userId ? 'monospace' : undefined),
        },
      ]}
    />
  );
}
