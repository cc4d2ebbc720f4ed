import type { SafeguardingLookup } from '@tend/api/model';
import { PagedLogSection } from '@tend/domain/log';
import { useSafeguardingLog } from '@tend/domain/safeguarding';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { UserTextWithLine } from '../../components/UserTextWithLine.tsx';

/** The log of look-ups for the organisations the administrator runs: who, when, whose chats, why. */
export function LookupLog() {
  const { t } = useTranslation('admin');
  const log = useSafeguardingLog();
  return (
    <PagedLogSection<SafeguardingLookup>
      log={log}
      entryKey={(e) => e.id}
      words={{
        title: t('safeguarding.log.title'),
        intro: t('safeguarding.log.intro'),
        loading: t('safeguarding.log.loading'),
        empty: t('safeguarding.log.empty'),
        caption: t('safeguarding.log.caption'),
        more: t('safeguarding.log.more'),
      }}
      columns={[
        { header: t('safeguarding.log.when'), cell: (e) => formatDateTime(e.at) },
        {
          header: t('safeguarding.log.who'),
          cell: (e) => (
            <SafeText component="span" inherit>
              {e.actor.name ?? e.actor.email ?? t('safeguarding.log.removed')}
            </SafeText>
          ),
        },
        {
          header: t('safeguarding.log.patient'),
          cell: (e) => (
            <UserTextWithLine
              text={e.patient.name ? `${e.patient.name} (${e.patient.email ?? ''})` : (e.patient.email ?? '')}
              line={e.organisationName}
            />
          ),
        },
        {
          header: t('safeguarding.log.why'),
          cell: (e) => (
            <SafeText component="span" inherit>
              {e.reason || t('safeguarding.log.noReason')}
            </SafeText>
          ),
        },
      ]}
    />
  );
}
