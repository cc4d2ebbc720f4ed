import { IconSparkles } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { PatientSummary } from '@tend/api/model';
import { patientName } from '@tend/domain/caseload';
import { RiskFlag } from '@tend/domain/risk-alerts';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { RowBadge } from '@tend/ui/virtual-list';
import { paths, patientPath } from '../../paths.ts';
import { ScoreSummary } from './ScoreSummary.tsx';

/**
 * One patient of the caseload: name (to their record), whether something is new since the therapist last
 * opened the record, risk, latest measures, the next appointment with them, last activity, unread messages.
 * Memoised: the list re-renders on every scroll frame, a row only when its patient or the timezone changes.
 * Plain elements with @tend/ui's row classes (rows.css), not Mantine components: a fast scroll through 10,000
 * patients mounts hundreds of rows, and a component per piece made those frames long.
 */
export const CaseloadRow = memo(function CaseloadRow({
  patient,
  timeZone,
}: {
  patient: PatientSummary;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('therapist');
  const name = patientName(patient);
  return (
    // On a phone the dates and badges go under the name rather than squeeze it into a narrow column (a long
    // name wrapped two letters a line).
    <div className="tend-row tend-row-split" style={{ flexWrap: 'wrap' }}>
      <div
        className="tend-row-stack"
        data-gap="4"
        style={{ minWidth: 'min(100%, 12rem)', flex: '1 1 12rem' }}
      >
        <div className="tend-row-line" data-nowrap="">
          <Link
            className="tend-row-link mantine-focus-auto"
            to={patientPath(paths.patient, patient.patientId)}
          >
            {name}
          </Link>
          {patient.screenName && patient.screenName !== patient.firstName ? (
            <p
              className="tend-row-text tend-row-clamp"
              data-lines="1"
              style={{ color: 'var(--mantine-color-dimmed)' }}
            >
              {t('caseload.row.screenName', { screenName: patient.screenName })}
            </p>
          ) : null}
          {patient.hasNew ? (
            // Said in words, not colour alone: "New", named in full for a screen reader.
            <RowBadge
              role="img"
              aria-label={t('caseload.row.new')}
              title={t('caseload.row.new')}
              color="tend"
              variant="filled"
              leftSection={<IconSparkles size={12} aria-hidden="true" />}
            >
              {t('caseload.row.newShort')}
            </RowBadge>
          ) : null}
        </div>
        <RiskFlag risk={patient.risk} timeZone={timeZone} compact />
        <div className="tend-row-line" style={{ gap: 'var(--mantine-spacing-lg)' }}>
          <ScoreSummary risk={patient.risk} type="phq9" />
          <ScoreSummary risk={patient.risk} type="gad7" />
        </div>
      </div>
      <div
        className="tend-row-stack"
        data-gap="4"
        style={{ flex: '0 1 auto', minWidth: 0, alignItems: 'flex-end' }}
      >
        {patient.nextAppointment ? (
          <p
            className="tend-row-text"
            style={{ fontWeight: 600, textAlign: 'end', fontSize: 'var(--mantine-font-size-xs)' }}
            data-testid="caseload-next-appointment"
          >
            {t('caseload.row.nextAppointment', {
              when: formatDateTime(patient.nextAppointment.start, timeZone),
            })}
          </p>
        ) : null}
        <p className="tend-row-meta">
          {patient.lastActivityAt
            ? t('caseload.row.lastActive', { when: formatDateTime(patient.lastActivityAt, timeZone) })
            : t('caseload.row.noActivity')}
        </p>
        <div className="tend-row-line" style={{ gap: 4, justifyContent: 'flex-end' }}>
          {patient.unreadMessages ? (
            <RowBadge color="blue" variant="filled">
              {t('caseload.row.unread', { count: patient.unreadMessages })}
            </RowBadge>
          ) : null}
          <RowBadge variant="light" color={patient.isLead ? 'tend' : 'gray'}>
            {patient.isLead ? t('caseload.row.lead') : t('caseload.row.notLead')}
          </RowBadge>
          {patient.sharedData ? (
            <RowBadge variant="outline" color="gray">
              {t('caseload.row.shared')}
            </RowBadge>
          ) : null}
        </div>
      </div>
    </div>
  );
});
