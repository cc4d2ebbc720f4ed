import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormValidateInput } from '@mantine/form';
import type { ReactNode } from 'react';
import { ProblemAlert, toProblem, useVersionedForm } from '@tend/core';
import { ownFormValues } from '@tend/domain/organisations';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { InheritedField } from './InheritedField.tsx';
import { VersionedSave } from '../../components/VersionedSave.tsx';

type Values = Record<string, unknown>;

/** What a custom input gets (the logo's upload, for one). */
export interface SettingInputProps {
  label: string;
  value: unknown;
  /** The value in effect (merged view), for a preview of what is inherited. */
  effective: unknown;
  onChange(value: unknown): void;
  error: ReactNode;
  /** The error of a part of the value (`0.phone` of a list), from the contract's schema. */
  errorOf(path: string): ReactNode;
}

/** One field of a settings form: how it is edited and how its value reads. */
export interface SettingSpec {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'number' | 'date' | 'choice' | 'switch' | 'custom';
  description?: string;
  /** A choice's options (value → label). */
  options?: { value: string; label: string }[];
  searchable?: boolean;
  min?: number;
  max?: number;
  /** Always the organisation's own (the name): no inheritance shown, never reset. */
  own?: boolean;
  /** Takes the grid's whole width. */
  wide?: boolean;
  /** The input of a `custom` field. */
  render?(props: SettingInputProps): ReactNode;
  /** How a `custom` field's value reads (in effect, in the 412 view). */
  format?(value: unknown): string | null;
}

export interface SettingsFormProps<R> {
  /** The form's id (its heading is `${id}-title`). */
  id: string;
  title: string;
  saveLabel: string;
  savedText: string;
  loadingText: string;
  fields: SettingSpec[];
  /** The organisation's own values as read, with their ETag. */
  own: { data: R | undefined; error: unknown; refetch(): unknown };
  /** The section's merged values (what is in effect). */
  merged: object | null | undefined;
  hasParent: boolean;
  /** Saves every field's value (null = inherited) with the ETag read; answers the own values saved. */
  save(values: Values, etag: string): Promise<R>;
  /** The stored own values, read again when a 412 does not carry them. */
  reload(): Promise<R | undefined>;
  validate: FormValidateInput<Values>;
}

const numberOrNull = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? null : Number(value);
const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * A section of an organisation's settings as a form: each field its own value or inherited from the
 * organisation above (the value in effect shown, with "Reset to inherited"), saved with the ETag; a 412 keeps
 * the edits and shows them against the stored values, field by field, with re-apply.
 */
export function SettingsForm<R extends object>(props: SettingsFormProps<R>) {
  const { t } = useTranslation('admin');
  const { fields, merged, hasParent, own } = props;
  const names = fields.map((f) => f.name);
  const vf = useVersionedForm<R, Values, R>({
    resource: own.data,
    etag: (own.data as { etag?: string } | undefined)?.etag,
    initialValues: ownFormValues(names, null),
    toValues: (r) => ownFormValues(names, r),
    save: (values, etag) => props.save(values, etag),
    savedResource: (saved) => saved,
    reload: props.reload,
    validate: props.validate,
  });
  const mergedValues = (merged ?? {}) as Values;
  const show = (spec: SettingSpec, value: unknown): string | null => {
    if (!isSet(value)) return null;
    if (spec.kind === 'switch')
      return value ? t('organisations.settings.on') : t('organisations.settings.off');
    if (spec.kind === 'choice') return spec.options?.find((o) => o.value === value)?.label ?? String(value);
    if (spec.kind === 'date') return formatDate(Date.parse(`${String(value)}T00:00:00Z`), 'UTC');
    if (spec.format) return spec.format(value);
    return String(value);
  };
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const values = vf.form.getValues();

  if (own.error && !own.data)
    return <ProblemAlert problem={toProblem(own.error)} onRetry={() => void own.refetch()} />;
  if (!vf.ready) return <Text role="status">{props.loadingText}</Text>;

  const input = (spec: SettingSpec) => {
    const value = values[spec.name];
    const effective = show(spec, mergedValues[spec.name]) ?? undefined;
    const inputProps = vf.form.getInputProps(spec.name);
    const common = {
      label: spec.label,
      description: spec.description,
      error: inputProps.error as ReactNode,
      onBlur: inputProps.onBlur as () => void,
      required: spec.own,
    };
    const set = (next: unknown) => vf.form.setFieldValue(spec.name, next);
    switch (spec.kind) {
      case 'number':
        return (
          <NumberInput
            {...common}
            min={spec.min}
            max={spec.max}
            allowDecimal={false}
            placeholder={effective}
            value={(value as number | null) ?? ''}
            onChange={(v) => set(numberOrNull(v))}
          />
        );
      case 'choice':
        return (
          <Select
            {...common}
            data={spec.options ?? []}
            clearable
            searchable={spec.searchable}
            placeholder={effective}
            value={(value as string | null) ?? null}
            onChange={(v) => set(v)}
          />
        );
      case 'switch':
        return (
          <Select
            {...common}
            data={[
              { value: 'true', label: t('organisations.settings.on') },
              { value: 'false', label: t('organisations.settings.off') },
            ]}
            clearable
            placeholder={effective}
            value={value === null || value === undefined ? null : String(value)}
            onChange={(v) => set(v === null ? null : v === 'true')}
          />
        );
      case 'custom':
        return spec.render?.({
          label: spec.label,
          value,
          effective: mergedValues[spec.name],
          onChange: set,
          error: common.error,
          errorOf: (path) => vf.form.errors[`${spec.name}.${path}`] as ReactNode,
        });
      default:
        return (
          <TextInput
            {...common}
            type={spec.kind === 'date' ? 'date' : spec.kind === 'email' ? 'email' : 'text'}
            placeholder={spec.kind === 'date' ? undefined : effective}
            value={(value as string | null) ?? ''}
            onChange={(e) => set(e.currentTarget.value === '' ? null : e.currentTarget.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={vf.onSubmit} noValidate aria-labelledby={`${props.id}-title`}>
      <Stack gap="md">
        <Title order={2} id={`${props.id}-title`} size="h3">
          {props.title}
        </Title>
        <Text size="sm">
          {hasParent ? t('organisations.settings.introChild') : t('organisations.settings.introRoot')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((spec) =>
            spec.own ? (
              <div
                key={spec.name}
                data-testid={`field-${spec.name}`}
                style={spec.wide ? { gridColumn: '1 / -1' } : undefined}
              >
                {input(spec)}
              </div>
            ) : (
              <div key={spec.name} style={spec.wide ? { gridColumn: '1 / -1' } : undefined}>
                <InheritedField
                  field={spec.name}
                  label={spec.label}
                  value={values[spec.name]}
                  effective={show(spec, mergedValues[spec.name])}
                  hasParent={hasParent}
                  onReset={() => vf.form.setFieldValue(spec.name, null)}
                >
                  {input(spec)}
                </InheritedField>
              </div>
            ),
          )}
        </SimpleGrid>
        <VersionedSave
          vf={vf}
          labels={labels}
          format={(path, value) =>
            byName.has(path) ? show(byName.get(path)!, value) : isSet(value) ? String(value) : null
          }
          saveLabel={props.saveLabel}
          savedText={props.savedText}
          savedColor="teal"
        />
      </Stack>
    </form>
  );
}
