import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Switch, TextInput } from '@mantine/core';
import type { PatientMetadata } from '@tend/api/model';
import { ProblemAlert, toProblem, useVersionedForm, VersionConflictPanel } from '@tend/domain';
import {
  FOCUS_AREAS,
  PREFERENCES_DOCUMENT,
  preferencesChanges,
  preferencesValues,
  SUPPORT_STYLES,
  usePatientMetadata,
  useUpdatePatientMetadata,
  type PreferencesValues,
} from '@tend/domain/patient-metadata';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** Pronouns, focus areas, support style and reminders (metadata document `preferences`). */
export function PreferencesForm() {
  const { t } = useTranslation('patient');
  const doc = usePatientMetadata(PREFERENCES_DOCUMENT);
  const update = useUpdatePatientMetadata(PREFERENCES_DOCUMENT);
  const vf = useVersionedForm<PatientMetadata, PreferencesValues, PatientMetadata>({
    resource: doc.data,
    etag: doc.data?.etag,
    initialValues: preferencesValues(undefined),
    toValues: (r) => preferencesValues(r.data),
    save: (values, etag) => update.mutateAsync({ changes: preferencesChanges(values), etag }),
    savedResource: (saved) => saved,
  });
  const focusLabel = (a: string) => t(`goals.preferences.focus.${a as (typeof FOCUS_AREAS)[number]}`);
  const styleLabel = (s: string) => t(`goals.preferences.style.${(s || 'none') as (typeof SUPPORT_STYLES)[number] | 'none'}`);
  const labels = {
    pronouns: t('goals.preferences.pronouns'),
    focusAreas: t('goals.preferences.focusAreas'),
    supportStyle: t('goals.preferences.supportStyle'),
    remindersOn: t('goals.preferences.remindersOn'),
  };
  return (
    <Section title={t('goals.preferences.title')}>
      {doc.isPending ? (
        <Loader aria-label={t('ui.loading')} />
      ) : doc.isError ? (
        <ProblemAlert problem={toProblem(doc.error)} message={t('goals.loadFailed')} onRetry={() => void doc.refetch()} />
      ) : (
        <form onSubmit={vf.onSubmit} noValidate>
          <Stack gap="md">
            <TextInput label={labels.pronouns} maxLength={40} {...vf.form.getInputProps('pronouns')} />
            <Checkbox.Group label={labels.focusAreas} {...vf.form.getInputProps('focusAreas')}>
              <Group gap="md" mt="xs">
                {FOCUS_AREAS.map((a) => (
                  <Checkbox key={a} value={a} label={focusLabel(a)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Radio.Group label={labels.supportStyle} {...vf.form.getInputProps('supportStyle')}>
              <Stack gap={6} mt="xs">
                {['', ...SUPPORT_STYLES].map((s) => (
                  <Radio key={s || 'none'} value={s} label={styleLabel(s)} />
                ))}
              </Stack>
            </Radio.Group>
            <Switch label={labels.remindersOn} {...vf.form.getInputProps('remindersOn', { type: 'checkbox' })} />
            {vf.conflict ? (
              <VersionConflictPanel
                conflict={vf.conflict}
                labels={labels}
                pending={vf.pending}
                format={(path, value) =>
                  path === 'focusAreas' && Array.isArray(value)
                    ? value.map((a) => focusLabel(String(a))).join(', ')
                    : path === 'supportStyle'
                      ? styleLabel(String(value ?? ''))
                      : typeof value === 'boolean'
                        ? String(value ? '✓' : '✗')
                        : String(value ?? '')
                }
              />
            ) : (
              <ProblemAlert problem={vf.problem} onRetry={() => void vf.submit()} />
            )}
            {vf.succeeded && !vf.form.isDirty() ? (
              <Alert color="teal" role="status" variant="light">
                {t('goals.preferences.saved')}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={vf.pending}>
                {t('goals.preferences.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
