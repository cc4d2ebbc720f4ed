import { SegmentedControl, Stack, Text } from '@mantine/core';

/**
 * A choice of a few values as a segmented control with its visible label above it (the label names the control
 * for assistive technology too).
 */
export function LabelledChoice<V extends string>({
  id,
  label,
  value,
  onChange,
  data,
}: {
  /** The label's id. */
  id: string;
  label: string;
  value: V;
  onChange(value: NoInfer<V>): void;
  data: { value: V; label: string }[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} value={value} onChange={(v) => onChange(v as V)} data={data} />
    </Stack>
  );
}
