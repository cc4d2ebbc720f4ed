import { Button, Chip, Fieldset, Group, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { EMOTION_WORDS, sameEmotion, type EmotionWord } from '@tend/domain/cbt/thought-record';
import { useMomentWords } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { RemoveButton } from './ItemButtons.tsx';
import type { Emotion } from './values.ts';

/** A 0–100 slider with a visible label above it and its value beside the label (keyboard: arrows, Home, End). */
export function RatingSlider({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: number;
  onChange(v: number): void;
  description?: string;
}) {
  const { t } = useTranslation('patient');
  const id = useId();
  const text = t('cbt.percent', { value });
  return (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text size="sm" id={`${id}-label`} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Text size="sm" fw={600} aria-hidden="true">
          {text}
        </Text>
      </Group>
      {description ? (
        <Text size="xs" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
      ) : null}
      <Slider
        thumbProps={{
          'aria-labelledby': `${id}-label`,
          'aria-describedby': description ? `${id}-description` : undefined,
          'aria-valuetext': text,
        }}
        label={null}
        min={0}
        max={100}
        step={5}
        value={value}
        onChange={onChange}
        mb="xs"
      />
    </Stack>
  );
}

/**
 * The emotions of a CBT exercise: chosen from the common emotions (in the person's language, stored with their
 * word so a reader sees them in theirs) or typed, each named once, each with how strong it is.
 */
export function EmotionFields({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Emotion[];
  onChange(v: Emotion[]): void;
}) {
  const { t } = useTranslation('patient');
  const { td } = useMomentWords();
  const [own, setOwn] = useState('');
  const [twice, setTwice] = useState(false);
  const wordName = (w: EmotionWord) => td(`moments.emotionWords.${w}`);
  const nameOf = (e: Emotion) => (e.word ? wordName(e.word) : e.name);
  const chosen = value.flatMap((e) => (e.word ? [e.word] : []));
  const choose = (words: string[]) => {
    const kept = value.filter((e) => !e.word || words.includes(e.word));
    const added = (words as EmotionWord[])
      .filter((w) => !chosen.includes(w))
      .map((w) => ({ name: wordName(w), word: w, intensity: 50 }));
    onChange([...kept, ...added]);
  };
  const addOwn = () => {
    const name = own.trim();
    if (!name) return;
    const typed = { name, intensity: 50 };
    // A typed word that is one of the list ("sad") is the list's, so a reader sees it in their language.
    const word = EMOTION_WORDS.find((w) => sameEmotion({ name: wordName(w), intensity: 0 }, typed));
    const emotion = word ? { ...typed, name: wordName(word), word } : typed;
    if (value.some((e) => sameEmotion(e, emotion))) {
      setTwice(true);
      return;
    }
    onChange([...value, emotion]);
    setOwn('');
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {t('cbt.emotionsHint')}
      </Text>
      <Fieldset legend={t('cbt.emotionWords')} variant="unstyled">
        <Chip.Group multiple value={chosen} onChange={choose}>
          <Group gap="xs" mt={4}>
            {EMOTION_WORDS.map((w) => (
              <Chip key={w} value={w} size="sm">
                {wordName(w)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Fieldset>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 180 }}
          label={t('cbt.ownEmotion')}
          maxLength={40}
          value={own}
          error={twice ? t('cbt.emotionTwice') : undefined}
          onChange={(e) => {
            setOwn(e.currentTarget.value);
            setTwice(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addOwn();
            }
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={addOwn}
          mb={twice ? 22 : 0}
        >
          {t('cbt.addOwnEmotion')}
        </Button>
      </Group>
      {value.map((e, i) => (
        <Group key={`${e.word ?? ''}-${e.name}`} gap="xs" wrap="nowrap" align="center">
          <RatingSlider
            label={t('cbt.emotionStrength', { name: nameOf(e) })}
            value={e.intensity}
            onChange={(v) => onChange(value.map((x, j) => (j === i ? { ...x, intensity: v } : x)))}
          />
          <RemoveButton
            label={t('cbt.removeNamedEmotion', { name: nameOf(e) })}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </Group>
      ))}
    </Stack>
  );
}
