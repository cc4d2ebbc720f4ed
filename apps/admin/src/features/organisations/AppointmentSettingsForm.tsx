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
import type { AppointmentKind, AppointmentSettings } from '@tend/api/model';
import { ProblemAlert, VersionConflictPanel, toProblem, useVersionedForm } from '@tend/core';
import { useAppointmentSettings, useSaveAppointmentSettings } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { appointmentSettingsRules, KINDS, type AppointmentValues } from './appointmentSettingsRules.ts';

const toValues = (s: AppointmentSettings): AppointmentValues => ({
  slotMinutes: s.slotMinutes,
  horizonWeeks: s.horizonWeeks,
  noticeHours: s.noticeHours,
  kinds: [...s.kinds],
  videoLinkTemplate: s.videoLinkTemplate ?? '',
});

/**
 * The organisation's booking rules: how long a session is, how far ahead and how late patients may book,
 * which kinds of session it offers, and the video meeting link. A 412 keeps the administrator's edits.
 */
export function AppointmentSettingsForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const k = (key: string) => t(`organisations.appointmentSettings.${key}` as never);
  const settings = useAppointmentSettings(organisationId);
  const saver = useSaveAppointmentSettings();
  const vf = useVersionedForm<AppointmentSettings, AppointmentValues, AppointmentSettings>({
    resource: settings.data,
    etag: settings.data?.etag,
    initialValues: { slotMinutes: 50, horizonWeeks: 4, noticeHours: 12, kinds: [], videoLinkTemplate: '' },
    toValues,
    validate: appointmentSettingsRules(k),
    save: (v, etag) =>
      saver.mutateAsync({
        organisation: organisationId,
        data: {
          slotMinutes: Number(v.slotMinutes),
          horizonWeeks: Number(v.horizonWeeks),
          noticeHours: Number(v.noticeHours),
          kinds: v.kinds as AppointmentKind[],
          videoLinkTemplate: v.videoLinkTemplate.trim() || null,
        },
        headers: { ETag: etag },
      }),
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
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={labels.slotMinutes}
            description={k('slotMinutesHint')}
            min={15}
            max={240}
            step={5}
            allowDecimal={false}
            key={vf.form.key('slotMinutes')}
            {...vf.form.getInputProps('slotMinutes')}
          />
          <NumberInput
            label={labels.horizonWeeks}
            description={k('horizonWeeksHint')}
            min={1}
            max={26}
            allowDecimal={false}
            key={vf.form.key('horizonWeeks')}
            {...vf.form.getInputProps('horizonWeeks')}
          />
          <NumberInput
            label={labels.noticeHours}
            description={k('noticeHoursHint')}
            min={0}
            max={168}
            allowDecimal={false}
            key={vf.form.key('noticeHours')}
            {...vf.form.getInputProps('noticeHours')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={labels.kinds}
          description={k('kindsHint')}
          key={vf.form.key('kinds')}
          {...vf.form.getInputProps('kinds')}
        >
          <Group mt="xs" gap="md">
            {KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={kindName(kind)} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput
          label={labels.videoLinkTemplate}
          description={k('videoLinkTemplateHint')}
          placeholder="https://meet.example.org/tend-{appointmentId}"
          key={vf.form.key('videoLinkTemplate')}
          {...vf.form.getInputProps('videoLinkTemplate')}
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
            <Text size="sm" role="status" c="teal">
              {k('saved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
