import { Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AppointmentSettings } from '@tend/api/model';
import { ProblemAlert, toProblem, useVersionedForm } from '@tend/core';
import { useAppointmentSettings, useSaveAppointmentSettings } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { AppointmentSettingSourceLine } from './AppointmentSettingSource.tsx';
import {
  appointmentPatchOf,
  appointmentSettingsRules,
  KINDS,
  type AppointmentField,
  type AppointmentValues,
} from './appointmentSettingsRules.ts';
import { VersionedSave } from '../../components/VersionedSave.tsx';
import { SectionHeading } from '../../components/Section.tsx';

const toValues = (s: AppointmentSettings): AppointmentValues => ({
  slotMinutes: s.slotMinutes,
  horizonWeeks: s.horizonWeeks,
  noticeHours: s.noticeHours,
  kinds: [...s.kinds],
  videoLinkTemplate: s.videoLinkTemplate ?? '',
});

/**
 * The organisation's booking rules: how long a session is, how far ahead and how late patients may book,
 * which kinds of session it offers, and the video meeting link. Each says where its value comes from (set
 * here, inherited from the organisation above, or the default) and a value set here can be given back; a
 * save sends only what is set here, so inherited values keep following the organisation above. A 412 keeps
 * the administrator's edits.
 */
export function AppointmentSettingsForm({
  organisationId,
  hasParent,
}: {
  organisationId: string;
  hasParent: boolean;
}) {
  const { t } = useTranslation('admin');
  const k = (key: string) => t(`organisations.appointmentSettings.${key}` as never);
  const settings = useAppointmentSettings(organisationId);
  const saver = useSaveAppointmentSettings();
  const [resetting, setResetting] = useState<AppointmentField[]>([]);
  const vf = useVersionedForm<AppointmentSettings, AppointmentValues, AppointmentSettings>({
    resource: settings.data,
    etag: settings.data?.etag,
    initialValues: { slotMinutes: 50, horizonWeeks: 4, noticeHours: 12, kinds: [], videoLinkTemplate: '' },
    toValues,
    validate: appointmentSettingsRules(k),
    save: async (v, etag) => {
      const current = settings.data!;
      const data = appointmentPatchOf(v, current, resetting);
      // Nothing set here and nothing changed: nothing to send.
      if (Object.keys(data).length === 0) return current;
      const saved = await saver.mutateAsync({
        organisation: organisationId,
        data,
        headers: { ETag: etag },
      });
      setResetting([]);
      return saved;
    },
    savedResource: (s) => s,
    reload: async () => (await settings.refetch()).data,
  });
  if (settings.isPending) return <Spinner label={k('loading')} showLabel size="sm" />;
  if (settings.error) {
    return <ProblemAlert problem={toProblem(settings.error)} onRetry={() => void settings.refetch()} />;
  }
  const labels = {
    slotMinutes: k('slotMinutes'),
    horizonWeeks: k('horizonWeeks'),
    noticeHours: k('noticeHours'),
    kinds: k('kinds'),
    videoLinkTemplate: k('videoLinkTemplate'),
  };
  const kindName = (kind: string) => k(`kind.${kind}`);
  const sourceOf = (field: AppointmentField) => settings.data.inherited.find((s) => s.field === field);
  const reset = (field: AppointmentField) => setResetting((r) => [...r, field]);
  const keep = (field: AppointmentField) => setResetting((r) => r.filter((f) => f !== field));
  // Under each field: where its value comes from, and giving it back (or keeping it) when set here.
  const sourceLine = (field: AppointmentField) => (
    <AppointmentSettingSourceLine
      field={field}
      label={labels[field]}
      source={sourceOf(field)}
      hasParent={hasParent}
      resetting={resetting.includes(field)}
      onReset={() => reset(field)}
      onKeep={() => keep(field)}
    />
  );
  // A whole number of minutes, weeks or hours, within the contract's bounds.
  const numberField = (
    field: 'slotMinutes' | 'horizonWeeks' | 'noticeHours',
    hint: string,
    bounds: { min: number; max: number; step?: number },
  ) => (
    <Stack gap={4}>
      <NumberInput
        label={labels[field]}
        description={hint}
        {...bounds}
        allowDecimal={false}
        key={vf.form.key(field)}
        {...vf.form.getInputProps(field)}
        disabled={resetting.includes(field)}
      />
      {sourceLine(field)}
    </Stack>
  );
  return (
    <form noValidate onSubmit={vf.onSubmit} aria-labelledby="appointment-settings-title">
      <Stack gap="md">
        <SectionHeading
          titleId="appointment-settings-title"
          title={k('title')}
          lines={[k('intro'), hasParent ? k('inheritIntro') : null]}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {numberField('slotMinutes', k('slotMinutesHint'), { min: 15, max: 240, step: 5 })}
          {numberField('horizonWeeks', k('horizonWeeksHint'), { min: 1, max: 26 })}
          {numberField('noticeHours', k('noticeHoursHint'), { min: 0, max: 168 })}
        </SimpleGrid>
        <Checkbox.Group
          label={labels.kinds}
          description={k('kindsHint')}
          key={vf.form.key('kinds')}
          {...vf.form.getInputProps('kinds')}
        >
          <Group mt="xs" gap="md">
            {KINDS.map((kind) => (
              <Checkbox
                key={kind}
                value={kind}
                label={kindName(kind)}
                disabled={resetting.includes('kinds')}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {sourceLine('kinds')}
        <TextInput
          label={labels.videoLinkTemplate}
          description={k('videoLinkTemplateHint')}
          placeholder="https://meet.example.org/tend-{appointmentId}"
          key={vf.form.key('videoLinkTemplate')}
          {...vf.form.getInputProps('videoLinkTemplate')}
          disabled={resetting.includes('videoLinkTemplate')}
        />
        {sourceLine('videoLinkTemplate')}
        <VersionedSave
          vf={vf}
          labels={labels}
          format={(path, value) =>
            path === 'kinds' && Array.isArray(value) ? value.map(kindName).join(', ') : null
          }
          saveLabel={k('save')}
          savedText={k('saved')}
          disabled={!vf.ready}
        />
      </Stack>
    </form>
  );
}
