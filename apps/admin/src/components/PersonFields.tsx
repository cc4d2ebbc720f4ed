import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type FieldProps = Omit<TextInputProps, 'form' | 'name' | 'label' | 'required'>;

/**
 * A text field of a form about someone else (a user created, a colleague invited, a patient looked up): the
 * browser offers none of the administrator's own details (`autoComplete="off"`), and a needed field is marked.
 */
export function PersonField<V>({
  form,
  name,
  label,
  required = false,
  ...rest
}: { form: UseFormReturnType<V>; name: keyof V & string; label: string; required?: boolean } & FieldProps) {
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      autoComplete="off"
      {...rest}
      {...form.getInputProps(name)}
    />
  );
}

/** Someone's first and last name, both needed: side by side, one under the other on a phone. */
export function NameFields<V extends { firstName: string; lastName: string }>({
  form,
  firstLabel,
  lastLabel,
}: {
  form: UseFormReturnType<V>;
  firstLabel: string;
  lastLabel: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <PersonField form={form} name="firstName" label={firstLabel} required />
      <PersonField form={form} name="lastName" label={lastLabel} required />
    </SimpleGrid>
  );
}
