/** The pieces every moment's detail is made of: a labelled field, a person's text, and the values' words. */
import { List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Emotion } from '@tend/api/model';
import { SafeText } from '@tend/ui';
import type en from '../locales/en.json';
import { useMomentWords } from '../words.ts';

type FieldKey = keyof typeof en.fields;

/** One field of a description list; nothing when it has no value. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  if (
    children === undefined ||
    children === null ||
    children === '' ||
    (Array.isArray(children) && children.length === 0)
  )
    return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** A person's text, never as HTML. */
export function Text2({ children }: { children: string | undefined | null }) {
  return children ? <SafeText component="span">{children}</SafeText> : null;
}

/** A field holding a person's text (as plain text) under its label; the label shows even when it is empty. */
export function TextField({ label, text }: { label: ReactNode; text: string | undefined | null }) {
  return (
    <Field label={label}>
      <Text2>{text}</Text2>
    </Field>
  );
}

/** Fields holding a person's text, in this order, each under its field's label. */
export function TextFields<K extends FieldKey>({
  body,
  keys,
}: {
  body: { [P in K]?: string | null };
  keys: readonly K[];
}) {
  const { f } = useMomentFormat();
  return keys.map((key) => <TextField key={key} label={f(key)} text={body[key]} />);
}

/** The fields' labels and how values read (a scale, emotions, a list, yes or no, a score out of its maximum). */
export function useMomentFormat() {
  const { td } = useMomentWords();
  const f = (key: FieldKey) => td(`moments.fields.${key}`);
  const scale = (value: number | undefined) =>
    value === undefined
      ? null
      : td('moments.values.scale', { label: td(`moments.scale.${value}` as 'moments.scale.1'), value });
  const emotions = (list: Emotion[] | undefined) =>
    list?.length
      ? list
          .map((e) =>
            td('moments.values.emotion', {
              name: e.word ? td(`moments.emotionWords.${e.word}`) : e.name,
              intensity: e.intensity,
            }),
          )
          .join(', ')
      : null;
  const list = (items: readonly string[] | undefined) =>
    items?.length ? (
      <List size="sm" component="span" display="block">
        {items.map((item, i) => (
          <List.Item key={i}>
            <SafeText component="span">{item}</SafeText>
          </List.Item>
        ))}
      </List>
    ) : null;
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? null : td(v ? 'moments.values.yes' : 'moments.values.no');
  const outOf = (value: number | undefined, max: number) =>
    value === undefined ? null : td('moments.values.outOf', { value, max });
  return { td, f, scale, emotions, list, yesNo, outOf };
}
