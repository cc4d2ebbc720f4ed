import type { Moment } from '@tend/api/model';
import { Field, TextFields, useMomentFormat } from './fields.tsx';
import { ThoughtRecordView } from './ThoughtRecordView.tsx';

/** The moments of the CBT tools: core beliefs, being objective, automatic and hot thoughts, evidence, patterns. */
export function CbtBodyView({ moment }: { moment: Moment }) {
  const { td, f, emotions, list, yesNo } = useMomentFormat();
  switch (moment.eventType) {
    case 'cbt-core-belief': {
      const b = moment.body;
      return (
        <>
          <TextFields body={b} keys={['belief']} />
          <Field label={f('strengthBefore')}>
            {b.strengthBefore === undefined
              ? null
              : td('moments.values.percent', { value: b.strengthBefore })}
          </Field>
          <TextFields body={b} keys={['evidenceFor', 'evidenceAgainst', 'newBelief']} />
          <Field label={f('strengthAfter')}>
            {b.strengthAfter === undefined ? null : td('moments.values.percent', { value: b.strengthAfter })}
          </Field>
        </>
      );
    }
    case 'cbt-being-objective':
      return <TextFields body={moment.body} keys={['situation', 'subjectiveView', 'objectiveView']} />;
    case 'cbt-automatic-thoughts':
      return <ThoughtRecordView moment={moment} />;
    case 'cbt-hot-thought': {
      const b = moment.body;
      return (
        <>
          <TextFields body={b} keys={['situation', 'hotThought']} />
          <Field label={f('emotionsBefore')}>{emotions(b.emotionsBefore)}</Field>
          <TextFields body={b} keys={['evidenceFor', 'evidenceAgainst', 'balancedThought']} />
          <Field label={f('emotionsAfter')}>{emotions(b.emotionsAfter)}</Field>
        </>
      );
    }
    case 'cbt-evidence':
      return (
        <>
          <TextFields body={moment.body} keys={['thought']} />
          <Field label={f('evidenceFor')}>{list(moment.body.evidenceFor)}</Field>
          <Field label={f('evidenceAgainst')}>{list(moment.body.evidenceAgainst)}</Field>
          <TextFields body={moment.body} keys={['conclusion']} />
        </>
      );
    case 'cbt-unhealthy':
      return (
        <>
          <Field label={f('patterns')}>
            {list(moment.body.patterns.map((p) => td(`moments.patterns.${p}`)))}
          </Field>
          <TextFields body={moment.body} keys={['situation', 'thought', 'reframe']} />
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
