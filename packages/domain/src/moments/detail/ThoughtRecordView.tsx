import { Table } from '@mantine/core';
import type { AutomaticThoughtsMoment } from '@tend/api/model';
import { SafeText, TableColumnHeads } from '@tend/ui';
import {
  changeOf,
  hotThoughtOf,
  isEmotionWord,
  pairEmotions,
  type EmotionPair,
  type RecordEmotion,
} from '../../cbt/thought-record.ts';
import { useMomentWords } from '../words.ts';
import { Field, TextFields, useMomentFormat } from './fields.tsx';

type Td = ReturnType<typeof useMomentWords>['td'];

/** An emotion's name in the reader's language when it was chosen from the list, else as the person typed it. */
export function emotionName(td: Td, e: { name: string; word?: string }): string {
  return isEmotionWord(e.word) ? td(`moments.emotionWords.${e.word}`) : e.name;
}

/**
 * A thought record read as a whole (the patient's timeline and the therapist's record): the situation, the hot
 * thought with its belief before and after, the other thoughts, the emotions' intensities at the start and after
 * the balanced thought side by side, the patterns, the evidence and the balanced thought. Older records show
 * what they hold.
 */
export function ThoughtRecordView({ moment }: { moment: AutomaticThoughtsMoment }) {
  const { td, f } = useMomentFormat();
  const b = moment.body;
  const hot = hotThoughtOf(b);
  const beliefs = b.thoughtBeliefs;
  const thoughtLine = (text: string, i: number) =>
    beliefs?.[i] === undefined
      ? text
      : td('moments.thoughtRecord.thoughtBelief', { thought: text, value: beliefs[i] });
  const others = b.thoughts.map((text, i) => ({ text, i })).filter(({ i }) => i !== hot?.index);
  const pairs = pairEmotions(b);
  const rerated = pairs.some((p) => p.after !== null);
  return (
    <>
      <TextFields body={b} keys={['situation']} />
      {hot ? (
        <Field label={td('moments.thoughtRecord.hotThought')}>
          <SafeText component="span" fw={600} display="block">
            {hot.text}
          </SafeText>
          {hot.before === null
            ? null
            : hot.after === null
              ? td('moments.thoughtRecord.beliefAtFirst', { value: hot.before })
              : td('moments.thoughtRecord.beliefBeforeAfter', { before: hot.before, after: hot.after })}
        </Field>
      ) : null}
      <Field label={hot ? td('moments.thoughtRecord.otherThoughts') : f('thoughts')}>
        {others.length
          ? others.map(({ text, i }) => (
              <SafeText key={i} component="span" display="block">
                {thoughtLine(text, i)}
              </SafeText>
            ))
          : null}
      </Field>
      <Field label={f('emotions')}>
        {pairs.length === 0 ? null : rerated ? (
          <EmotionTable pairs={pairs} />
        ) : (
          pairs.map((p) => `${emotionName(td, p.emotion)} (${p.before}%)`).join(', ')
        )}
      </Field>
      <Field label={f('patterns')}>
        {b.distortions?.length ? b.distortions.map((p) => td(`moments.patterns.${p}`)).join(', ') : null}
      </Field>
      <TextFields body={b} keys={['evidenceFor', 'evidenceAgainst']} />
      <Field label={f('balancedThought')}>
        {b.balancedThought ? (
          <>
            <SafeText component="span" display="block">
              {b.balancedThought}
            </SafeText>
            {b.balancedBelief === undefined
              ? null
              : td('moments.thoughtRecord.balancedBelief', { value: b.balancedBelief })}
          </>
        ) : null}
      </Field>
    </>
  );
}

/** Each emotion's intensity at the start and after, with the change, as a table (narrow screens scroll it). */
function EmotionTable({ pairs }: { pairs: EmotionPair[] }) {
  const { td } = useMomentWords();
  const pct = (v: number) => td('moments.thoughtRecord.intensity', { value: v });
  const change = (p: EmotionPair) => {
    const c = changeOf(p);
    if (c === null) return '';
    if (c === 0) return td('moments.thoughtRecord.noChange');
    return td(c < 0 ? 'moments.thoughtRecord.changeDown' : 'moments.thoughtRecord.changeUp', {
      value: Math.abs(c),
    });
  };
  return (
    <Table.ScrollContainer minWidth={260} type="native">
      <Table withTableBorder striped captionSide="top" fz="sm">
        <Table.Caption>{td('moments.thoughtRecord.tableCaption')}</Table.Caption>
        <TableColumnHeads
          headers={[
            td('moments.thoughtRecord.emotion'),
            td('moments.thoughtRecord.before'),
            td('moments.thoughtRecord.after'),
            td('moments.thoughtRecord.change'),
          ]}
        />
        <Table.Tbody>
          {pairs.map((p, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
                {emotionName(td, p.emotion as RecordEmotion)}
              </Table.Th>
              <Table.Td>{pct(p.before)}</Table.Td>
              <Table.Td>{p.after === null ? td('moments.thoughtRecord.notRerated') : pct(p.after)}</Table.Td>
              <Table.Td>{change(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
