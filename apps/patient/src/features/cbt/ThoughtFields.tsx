import { Alert, Card, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { rerateList } from '@tend/domain/cbt/thought-record';
import { useMomentWords } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { RatingSlider } from './EmotionFields.tsx';
import { AddButton, RemoveButton } from './ItemButtons.tsx';
import { writtenThoughts, type Emotion, type Thought, type Values } from './values.ts';

/**
 * The thought record's automatic thoughts: each in the person's words with how much they believe it, and
 * (with more than one) which is the hot thought the next steps look at.
 */
export function ThoughtsInput({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max?: number;
  value: Thought[];
  onChange(v: Thought[]): void;
}) {
  const { t } = useTranslation('patient');
  const items = value.length ? value : [{ text: '', belief: 50, hot: false }];
  const update = (i: number, change: Partial<Thought>) =>
    onChange(items.map((x, j) => (j === i ? { ...x, ...change } : x)));
  const written = items.map((x, i) => ({ ...x, i })).filter((x) => x.text.trim() !== '');
  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        {label} *
      </Text>
      {items.map((item, i) => (
        <Card key={i} withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Textarea
                style={{ flex: 1, minWidth: 0 }}
                label={t('cbt.thought', { number: i + 1 })}
                maxLength={max}
                autosize
                minRows={1}
                value={item.text}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
              />
              <RemoveButton
                label={t('cbt.removeThought', { number: i + 1 })}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              />
            </Group>
            <RatingSlider
              label={t('cbt.belief', { number: i + 1 })}
              description={i === 0 ? t('cbt.beliefScale') : undefined}
              value={item.belief}
              onChange={(v) => update(i, { belief: v })}
            />
          </Stack>
        </Card>
      ))}
      <AddButton onClick={() => onChange([...items, { text: '', belief: 50, hot: false }])}>
        {t('cbt.addThought')}
      </AddButton>
      {written.length > 1 ? (
        <Radio.Group
          label={t('cbt.hotChoice')}
          description={t('cbt.hotChoiceHint')}
          withAsterisk
          value={String(written.find((x) => x.hot)?.i ?? '')}
          onChange={(v) => onChange(items.map((x, j) => ({ ...x, hot: String(j) === v })))}
        >
          <Stack gap="xs" mt="xs">
            {written.map((x) => (
              <Radio key={x.i} value={String(x.i)} label={<SafeText component="span">{x.text}</SafeText>} />
            ))}
          </Stack>
        </Radio.Group>
      ) : written.length === 1 ? (
        <Text size="sm" c="dimmed">
          {t('cbt.hotOnly')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The hot thought, shown where the steps look at it (evidence, balanced thought). */
export function HotView({ values }: { values: Values }) {
  const { t } = useTranslation('patient');
  const hot = writtenThoughts(values.thoughts).find((x) => x.hot);
  if (!hot) return null;
  return (
    <Card withBorder radius="md" padding="sm" component="figure" m={0}>
      <Text size="sm" c="dimmed" component="figcaption">
        {t('cbt.hotView')}
      </Text>
      <SafeText fw={600} m={0}>
        {hot.text}
      </SafeText>
    </Card>
  );
}

/** Each emotion named at the start, rated again (starting where it was, so one left alone reads "no change"). */
export function RerateInput({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: Values;
  value: Emotion[];
  onChange(v: Emotion[]): void;
}) {
  const { t } = useTranslation('patient');
  const { td } = useMomentWords();
  const named = (values.emotions ?? []) as Emotion[];
  const list = rerateList(named, value) as Emotion[];
  const key = JSON.stringify(list);
  // What the person sees is what is saved: the list is stored as shown as soon as the step opens.
  useEffect(() => {
    if (JSON.stringify(value) !== key) onChange(list);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (named.length === 0) return <Alert color="gray">{t('cbt.noEmotionsYet')}</Alert>;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {list.map((e, i) => {
        const name = e.word ? td(`moments.emotionWords.${e.word}`) : e.name;
        return (
          <RatingSlider
            key={`${e.word ?? ''}-${e.name}`}
            label={t('cbt.rerateStrength', { name })}
            description={t('cbt.wasAtStart', { value: named[i]!.intensity })}
            value={e.intensity}
            onChange={(v) => onChange(list.map((x, j) => (j === i ? { ...x, intensity: v } : x)))}
          />
        );
      })}
    </Stack>
  );
}
