import type { Moment } from '@tend/api/model';
import { Field, Text2, useMomentFormat } from './fields.tsx';
import { ThoughtRecordView } from './ThoughtRecordView.tsx';

/** The moments of the CBT tools: core beliefs, being objective, automatic and hot thoughts, evidence, patterns. */
export function CbtBodyView({ moment }: { moment: Moment }) {
  const { td, f, emotions, list, yesNo } = useMomentFormat();
  switch (moment.eventType) {
    case 'cbt-core-belief': {
      const b = moment.body;
      return (
        <>
          <Field label={f('belief')}>
            <Text2>{b.belief}</Text2>
          </Field>
          <Field label={f('strengthBefore')}>
            {b.strengthBefore === undefined
              ? null
              : td('moments.values.percent', { value: b.strengthBefore })}
          </Field>
          <Field label={f('evidenceFor')}>
            <Text2>{b.evidenceFor}</Text2>
          </Field>
          <Field label={f('evidenceAgainst')}>
            <Text2>{b.evidenceAgainst}</Text2>
          </Field>
          <Field label={f('newBelief')}>
            <Text2>{b.newBelief}</Text2>
          </Field>
          <Field label={f('strengthAfter')}>
            {b.strengthAfter === undefined ? null : td('moments.values.percent', { value: b.strengthAfter })}
          </Field>
        </>
      );
    }
    case 'cbt-being-objective':
      return (
        <>
          <Field label={f('situation')}>
            <Text2>{moment.body.situation}</Text2>
          </Field>
          <Field label={f('subjectiveView')}>
            <Text2>{moment.body.subjectiveView}</Text2>
          </Field>
          <Field label={f('objectiveView')}>
            <Text2>{moment.body.objectiveView}</Text2>
          </Field>
        </>
      );
    case 'cbt-automatic-thoughts':
      return <ThoughtRecordView moment={moment} />;
    case 'cbt-hot-thought': {
      const b = moment.body;
      return (
        <>
          <Field label={f('situation')}>
            <Text2>{b.situation}</Text2>
          </Field>
          <Field label={f('hotThought')}>
            <Text2>{b.hotThought}</Text2>
          </Field>
          <Field label={f('emotionsBefore')}>{emotions(b.emotionsBefore)}</Field>
          <Field label={f('evidenceFor')}>
            <Text2>{b.evidenceFor}</Text2>
          </Field>
          <Field label={f('evidenceAgainst')}>
            <Text2>{b.evidenceAgainst}</Text2>
          </Field>
          <Field label={f('balancedThought')}>
            <Text2>{b.balancedThought}</Text2>
          </Field>
          <Field label={f('emotionsAfter')}>{emotions(b.emotionsAfter)}</Field>
        </>
      );
    }
    case 'cbt-evidence':
      return (
        <>
          <Field label={f('thought')}>
            <Text2>{moment.body.thought}</Text2>
          </Field>
          <Field label={f('evidenceFor')}>{list(moment.body.evidenceFor)}</Field>
          <Field label={f('evidenceAgainst')}>{list(moment.body.evidenceAgainst)}</Field>
          <Field label={f('conclusion')}>
            <Text2>{moment.body.conclusion}</Text2>
          </Field>
        </>
      );
    case 'cbt-unhealthy':
      return (
        <>
          <Field label={f('patterns')}>
            {list(moment.body.patterns.map((p) => td(`moments.patterns.${p}`)))}
          </Field>
          <Field label={f('situation')}>
            <Text2>{moment.body.situation}</Text2>
          </Field>
          <Field label={f('thought')}>
            <Text2>{moment.body.thought}</Text2>
          </Field>
          <Field label={f('reframe')}>
            <Text2>{moment.body.reframe}</Text2>
          </Field>
        </>
      );
    case 'cbt-screening':
      return (
        <>
          <Field label={f('score')}>{moment.body.score}</Field>
          <Field label={f('recommended')}>{yesNo(moment.body.recommended)}</Field>
        </>
      );
    default:
      return null;
  }
}
