import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { RiskSummary } from '@tend/api/model';
import { latestScore } from '@tend/domain/caseload';
import { SCREENINGS, useScreeningWords, type ScreeningType } from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';

/**
 * A row's latest PHQ-9 or GAD-7: the score, its band, and the change since the one before. Plain elements
 * (@tend/ui's rows.css): it is drawn twice in every caseload row that scrolls into view.
 */
export function ScoreSummary({ risk, type }: { risk: RiskSummary; type: ScreeningType }) {
  const { t } = useTranslation('therapist');
  const { td } = useScreeningWords();
  const name = td(`screening.names.${type}`);
  const score = latestScore(risk, type);
  if (!score) return <p className="tend-row-meta">{t('caseload.row.noScore', { name })}</p>;
  const change = score.change;
  const Icon =
    !change || change.delta === 0 ? IconMinus : change.delta > 0 ? IconArrowUpRight : IconArrowDownRight;
  const tone =
    change?.kind === 'reliable-deterioration'
      ? 'tend-row-danger'
      : change?.kind === 'reliable-improvement'
        ? 'tend-row-good'
        : '';
  return (
    <div className="tend-row-line" data-nowrap="" style={{ gap: 4 }}>
      <p
        className={`tend-row-meta${score.aboveCaseness ? ' tend-row-danger' : ''}`}
        style={{ fontWeight: 600, color: score.aboveCaseness ? undefined : 'var(--mantine-color-text)' }}
      >
        {t('caseload.row.score', {
          name,
          total: score.total,
          max: SCREENINGS[type].maxTotal,
          band: td(`screening.bands.${score.severity}`),
        })}
      </p>
      {change ? (
        <span className="tend-row-line" data-nowrap="" style={{ gap: 2 }}>
          <span className={`tend-row-meta ${tone}`} style={{ display: 'inline-flex' }}>
            <Icon size={14} aria-hidden="true" />
          </span>
          <span className={`tend-row-meta ${tone}`}>
            {td(`screening.change.${change.kind}`, { delta: change.delta, count: Math.abs(change.delta) })}
          </span>
        </span>
      ) : (
        <p className="tend-row-meta">{t('caseload.row.firstScore')}</p>
      )}
    </div>
  );
}
