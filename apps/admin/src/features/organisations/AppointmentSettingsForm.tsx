import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { AppointmentSettings } from '@tend/api/model';
import { ProblemAlert, VersionConflictPanel, toProblem, useVersionedForm } from '@tend/core';
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
  return (
    <form noValidate onSubmit={vf.onSubmit} aria-labelledby="appointment-settings-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3" id="appointment-settings-title">
            {k('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {k('intro')}
          </Text>
          {hasParent ? (
            <Text size="sm" c="dimmed">
              {k('inheritIntro')}
            </Text>
          ) : null}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={4}>
            <NumberInput
              label={labels.slotMinutes}
              description={k('slotMinutesHint')}
              min={15}
              max={240}
              step={5}
              allowDecimal={false}
              key={vf.form.key('slotMinutes')}
              {...vf.form.getInputProps('slotMinutes')}
              disabled={resetting.includes('slotMinutes')}
            />
            <AppointmentSettingSourceLine
              field="slotMinutes"
              label={labels.slotMinutes}
              source={sourceOf('slotMinutes')}
              hasParent={hasParent}
              resetting={resetting.includes('slotMinutes')}
              onReset={() => reset('slotMinutes')}
              onKeep={() => keep('slotMinutes')}
            />
          </Stack>
          <Stack gap={4}>
            <NumberInput
              label={labels.horizonWeeks}
              description={k('horizonWeeksHint')}
              min={1}
              max={26}
              allowDecimal={false}
              key={vf.form.key('horizonWeeks')}
              {...vf.form.getInputProps('horizonWeeks')}
              disabled={resetting.includes('horizonWeeks')}
            />
            <AppointmentSettingSourceLine
              field="horizonWeeks"
              label={labels.horizonWeeks}
              source={sourceOf('horizonWeeks')}
              hasParent={hasParent}
              resetting={resetting.includes('horizonWeeks')}
              onReset={() => reset('horizonWeeks')}
              onKeep={() => keep('horizonWeeks')}
            />
          </Stack>
          <Stack gap={4}>
            <NumberInput
              label={labels.noticeHours}
              description={k('noticeHoursHint')}
              min={0}
              max={168}
              allowDecimal={false}
              key={vf.form.key('noticeHours')}
              {...vf.form.getInputProps('noticeHours')}
              disabled={resetting.includes('noticeHours')}
            />
            <AppointmentSettingSourceLine
              field="noticeHours"
              label={labels.noticeHours}
              source={sourceOf('noticeHours')}
              hasParent={hasParent}
              resetting={resetting.includes('noticeHours')}
              onReset={() => reset('noticeHours')}
              onKeep={() => keep('noticeHours')}
            />
          </Stack>
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
        <AppointmentSettingSourceLine
          field="kinds"
          label={labels.kinds}
          source={sourceOf('kinds')}
          hasParent={hasParent}
          resetting={resetting.includes('kinds')}
          onReset={() => reset('kinds')}
          onKeep={() => keep('kinds')}
        />
        <TextInput
          label={labels.videoLinkTemplate}
          description={k('videoLinkTemplateHint')}
          placeholder="https://meet.example.org/tend-{appointmentId}"
          key={vf.form.key('videoLinkTemplate')}
          {...vf.form.getInputProps('videoLinkTemplate')}
          disabled={resetting.includes('videoLinkTemplate')}
        />
        <AppointmentSettingSourceLine
          field="videoLinkTemplate"
          label={labels.videoLinkTemplate}
          source={sourceOf('videoLinkTemplate')}
          hasParent={hasParent}
          resetting={resetting.includes('videoLinkTemplate')}
          onReset={() => reset('videoLinkTemplate')}
          onKeep={() => keep('videoLinkTemplate')}
        />
        {vf.conflict ? (
          <VersionConflictPanel
            conflict={vf.conflict}
            labels={labels}
            pending={vf.pending}
            format={(path, value) =>
              path === 'kinds' && Array.isArray(value) ? value.map(kindName).join(', ') : null
            }
          />
        ) : (
          <ProblemAlert problem={vf.problem} />
        )}
        <Group>
          <Button type="submit" loading={vf.pending} disabled={Boolean(vf.conflict) || !vf.ready}>
            {k('save')}
          </Button>
          {vf.succeeded ? (
            <Text size="sm" role="status" c="teal.9">
              {k('saved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
