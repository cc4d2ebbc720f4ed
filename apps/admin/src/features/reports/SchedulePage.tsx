import { Alert, Button, Group, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ReportSchedule, ReportType } from '@tend/api/model';
import { updateReportScheduleBody } from '@tend/api/zod';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import {
  REPORT_FREQUENCIES,
  REPORT_TYPES,
  clockOf,
  monthDaysAt,
  parseRecipients,
  scheduleTimes,
  toLocalSchedule,
  toServerSchedule,
  useDownloadScheduledReport,
  useReportSchedule,
  useReportWords,
  useSaveReportSchedule,
  type ReportFrequency,
} from '@tend/domain/reports';
import { formatDateTime, userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { OrganisationSelect } from './OrganisationPicker.tsx';
import { LoadingLine } from '../../components/LoadingLine.tsx';

interface Values {
  enabled: boolean;
  reportType: ReportType;
  frequency: ReportFrequency;
  dayOfWeek: string;
  dayOfMonth: string;
  utcHour: string;
  recipients: string;
}

/** The instant the timezone's offset is taken at: the next run when there is one, else now. */
const refOf = (s: ReportSchedule | undefined, now = Date.now()) =>
  s?.nextRunAt ? Date.parse(s.nextRunAt) : now;

function valuesOf(s: ReportSchedule, zone: string): Values {
  const local = toLocalSchedule(s, zone, refOf(s));
  return {
    enabled: s.enabled,
    reportType: s.reportType,
    frequency: s.frequency,
    dayOfWeek: String(local.dayOfWeek),
    dayOfMonth: String(local.dayOfMonth),
    utcHour: String(local.utcHour),
    recipients: s.recipients.join('\n'),
  };
}

/**
 * The report scheduler of one organisation: whether, what, how often, on which day and at what time (shown
 * and chosen in the administrator's own timezone; the server keeps UTC) and who is told; with the latest
 * scheduled report as a CSV download.
 */
export function SchedulePage() {
  const { t } = useTranslation('admin');
  const words = useReportWords();
  const zone = userTimeZone();
  const [search, setSearch] = useSearchParams();
  const organisationId = search.get('organisation') ?? undefined;
  const schedule = useReportSchedule(organisationId);
  const save = useSaveReportSchedule();
  const download = useDownloadScheduledReport();
  const [saved, setSaved] = useState(false);
  const [openedAt] = useState(Date.now);
  const current = schedule.data;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      enabled: false,
      reportType: 'usage',
      frequency: 'weekly',
      dayOfWeek: '1',
      dayOfMonth: '1',
      utcHour: '6',
      recipients: '',
    },
    onValuesChange: () => setSaved(false),
  });
  const { setValues, resetDirty, isDirty } = form;
  useEffect(() => {
    if (!current || isDirty()) return;
    const values = valuesOf(current, zone);
    // the answer of a save is already in the form: setting it again would read as an edit
    if (JSON.stringify(values) === JSON.stringify(form.getValues())) return;
    setValues(values);
    resetDirty(values);
    // the form follows what the server answers until the administrator edits it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, zone]);

  const ref = refOf(current, openedAt);
  const times = useMemo(
    () => scheduleTimes(zone, ref).map((lt) => ({ value: String(lt.utcHour), label: clockOf(lt) })),
    [zone, ref],
  );
  const values = form.getValues();
  const monthDays = monthDaysAt(Number(values.utcHour), zone, ref);

  // The form's choices (in the administrator's zone) as the server's schedule (in UTC), for saving and checking.
  const toServer = (v: Values) =>
    toServerSchedule(
      {
        frequency: v.frequency,
        dayOfWeek: Number(v.dayOfWeek),
        dayOfMonth: Number(v.dayOfMonth),
        utcHour: Number(v.utcHour),
      },
      zone,
      ref,
    );
  const submit = useSubmit(
    async (v: Values) => {
      const converted = toServer(v);
      if (!converted.ok) throw new Error('unreachable: checked by validate');
      const recipients = parseRecipients(v.recipients);
      return save.mutateAsync({
        data: {
          organisationId: current!.organisationId,
          enabled: v.enabled,
          reportType: v.reportType,
          recipients,
          ...converted.value,
        },
      });
    },
    {
      form,
      onSuccess: (answer) => {
        const next = valuesOf(answer, zone);
        form.setValues(next);
        form.resetDirty(next);
        setSaved(true);
      },
    },
  );
  const validate = (v: Values) => {
    const errors: Record<string, string> = {};
    const recipients = parseRecipients(v.recipients);
    const bad = recipients.find(
      (r) => !updateReportScheduleBody.shape.recipients.element.safeParse(r).success,
    );
    if (bad) errors.recipients = t('reports.schedule.recipientInvalid', { address: bad });
    else if (recipients.length > 20) errors.recipients = t('reports.schedule.recipientsTooMany', { max: 20 });
    const converted = toServer(v);
    if (!converted.ok)
      errors.dayOfMonth = t('reports.schedule.dayOfMonthMoved', {
        first: converted.allowed[0],
        last: converted.allowed.at(-1),
      });
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };
  const fetched = useSubmit((id: string) => download.mutateAsync(id));
  const notFound = fetched.problem?.status === 404;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('reports.schedule.title')}</Title>
      <Text>{t('reports.schedule.intro')}</Text>
      <Button component={Link} to={paths.reports} variant="subtle" w="fit-content" px={0}>
        {t('reports.schedule.back')}
      </Button>
      <OrganisationSelect
        label={t('reports.schedule.organisation')}
        value={current?.organisationId ?? organisationId ?? null}
        onChange={(id) => {
          if (!id) return;
          form.resetDirty();
          setSearch({ organisation: id });
        }}
      />
      {schedule.isPending ? (
        <LoadingLine label={t('reports.schedule.loading')} />
      ) : schedule.error || !current ? (
        <ProblemAlert
          problem={toProblem(schedule.error)}
          title={t('reports.schedule.failed')}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <form noValidate onSubmit={form.onSubmit((v) => (validate(v) ? void submit.submit(v) : undefined))}>
          <Stack gap="md">
            <Switch
              label={t('reports.schedule.enabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            <Select
              label={t('reports.schedule.reportType')}
              allowDeselect={false}
              data={REPORT_TYPES.map((type) => ({ value: type, label: words.type(type) }))}
              {...form.getInputProps('reportType')}
            />
            <Select
              label={t('reports.schedule.frequency')}
              allowDeselect={false}
              data={REPORT_FREQUENCIES.map((f) => ({ value: f, label: words.frequency(f) }))}
              {...form.getInputProps('frequency')}
            />
            {values.frequency === 'weekly' ? (
              <Select
                label={t('reports.schedule.dayOfWeek')}
                allowDeselect={false}
                data={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: words.weekday(d) }))}
                {...form.getInputProps('dayOfWeek')}
              />
            ) : null}
            {values.frequency === 'monthly' ? (
              <Select
                label={t('reports.schedule.dayOfMonth')}
                allowDeselect={false}
                data={[...new Set([...monthDays, Number(values.dayOfMonth)])]
                  .sort((a, b) => a - b)
                  .map((d) => ({ value: String(d), label: String(d) }))}
                {...form.getInputProps('dayOfMonth')}
              />
            ) : null}
            <Select
              label={t('reports.schedule.time')}
              description={t('reports.schedule.timeHint', { zone })}
              allowDeselect={false}
              data={times}
              {...form.getInputProps('utcHour')}
            />
            <Textarea
              label={t('reports.schedule.recipients')}
              description={t('reports.schedule.recipientsHint')}
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('recipients')}
            />
            <Text size="sm" data-testid="schedule-runs">
              {current.nextRunAt
                ? t('reports.schedule.nextRun', { when: formatDateTime(current.nextRunAt, zone) })
                : t('reports.schedule.notScheduled')}{' '}
              {current.lastRunAt
                ? t('reports.schedule.lastRun', { when: formatDateTime(current.lastRunAt, zone) })
                : ''}
            </Text>
            <ProblemAlert problem={submit.problem} />
            <div aria-live="polite">
              {saved ? <Alert color="teal">{t('reports.schedule.saved')}</Alert> : null}
            </div>
            <Group>
              <Button type="submit" loading={submit.pending}>
                {t('reports.schedule.save')}
              </Button>
              <Button
                variant="default"
                loading={fetched.pending}
                onClick={() => void fetched.submit(current.organisationId)}
              >
                {t('reports.schedule.download')}
              </Button>
            </Group>
            {notFound ? (
              <Alert color="gray">{t('reports.schedule.noneYet')}</Alert>
            ) : (
              <ProblemAlert problem={fetched.problem} />
            )}
            {fetched.succeeded && fetched.data ? (
              <Text size="sm" role="status">
                {t('reports.schedule.downloaded', { fileName: fetched.data.fileName })}
              </Text>
            ) : null}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
