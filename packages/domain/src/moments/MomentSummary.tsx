import type { Moment } from '@tend/api/model';
import { SCREENINGS } from '../screening/model.ts';
import { useScreeningWords } from '../screening/words.ts';
import { pairEmotions } from '../cbt/thought-record.ts';
import { activityName, durationWords } from './activity-words.ts';
import { emotionName } from './detail/ThoughtRecordView.tsx';
import { firstLine } from './model.ts';
import { useMomentWords } from './words.ts';

/** One line saying what a moment holds (a timeline row's text). User text is returned as text, never HTML. */
export function useMomentSummary(): (moment: Moment) => string {
  const { td } = useMomentWords();
  const { td: ts } = useScreeningWords();
  return (m) => {
    switch (m.eventType) {
      case 'checkup':
        return td('moments.summary.checkup', {
          mood: td(`moments.scale.${m.body.mood}` as 'moments.scale.1'),
        });
      case 'journal':
        return firstLine(m.body.title || m.body.text);
      case 'note':
        return firstLine(m.body.text);
      case 'file':
        return firstLine(m.body.caption || m.body.fileName);
      case 'activity': {
        const activity = activityName(td, m.body.activityId);
        const duration = durationWords(td, m.body.durationSeconds);
        return duration ? td('moments.summary.activity', { activity, duration }) : activity;
      }
      case 'cbt-core-belief':
        return firstLine(m.body.belief);
      case 'cbt-being-objective':
        return firstLine(m.body.situation);
      case 'cbt-automatic-thoughts': {
        // A finished record says what changed: "Manager meeting · Anxious 80% → 40%".
        const changes = pairEmotions(m.body)
          .filter((p) => p.after !== null)
          .map((p) =>
            td('moments.summary.emotionChange', {
              name: emotionName(td, p.emotion),
              before: p.before,
              after: p.after,
            }),
          );
        return [firstLine(m.body.situation, changes.length ? 60 : 140), ...changes].join(' · ');
      }
      case 'cbt-hot-thought':
        return firstLine(m.body.hotThought);
      case 'cbt-evidence':
        return firstLine(m.body.thought);
      case 'cbt-unhealthy':
        return td('moments.summary.patterns', { count: m.body.patterns.length });
      case 'cbt-screening':
        return td('moments.fields.score') + `: ${m.body.score}`;
      case 'quiz':
        return `${m.body.title ? `${firstLine(m.body.title, 60)}: ` : ''}${td('moments.summary.score', { score: m.body.score, max: m.body.maxScore })}`;
      case 'resilience':
        return td('moments.summary.score', { score: m.body.score, max: m.body.maxScore });
      case 'phq9':
      case 'gad7':
        return `${ts('screening.score', { total: m.body.total, max: SCREENINGS[m.eventType].maxTotal })}: ${ts(`screening.bands.${m.body.severity}`)}`;
      case 'relaxation':
        return td('moments.summary.relaxation', { before: m.body.levelBefore, after: m.body.levelAfter });
      case 'positive-reading':
        return firstLine(m.body.readings[0]?.text);
      case 'risk-factor':
        return td('moments.summary.risk', { level: td(`moments.levels.${m.body.level}`) });
      default:
        return '';
    }
  };
}
