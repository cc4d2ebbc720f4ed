import type React from 'react';
import { Button, Checkbox, Group, Select, Stack, Text, TextInput, Title, Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReportInput, ReportType } from '@tend/api/model';
import { createReportBody } from '@tend/api/zod';
import { ProblemAlert, useSubmit, formRules } from '@tend/core';
import {
  REPORT_TYPES,
  fieldProblems,
  useCreateReport,
  useReportWords,
  useValidateReport,
} from '@tend/domain/reports';
import { dayjs, userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { OrganisationPicker } from './OrganisationPicker.tsx';

interface Values {
  name: string;
  type: ReportType;
  organisationIds: string[];
  from: string;
  to: string;
  includeChildren: boolean;
}

const bodyRules = formRules(createReportBody);

/** Last month in the administrator's timezone: [the 1st of last month, the 1st of this month). */
function lastMonth(): Pick<Values, 'from' | 'to'> {
  const start = dayjs().tz(userTimeZone()).startOf('month');
  return { from: start.subtract(1, 'month').format('YYYY-MM-DD'), to: start.format('YYYY-MM-DD') };
}

const toBody = (v: Values): ReportInput => ({
  name: v.name.trim(),
  type: v.type,
  organisationIds: v.organisationIds,
  from: v.from,
  to: v.to,
  includeChildren: v.includeChildren,
});

/**
 * A new report: what to count, over which organisations and period. "Check" asks the server (validateReport)
 * and shows each problem next to its field; "Make report" checks the same way first and queues the report
 * only when nothing is wrong, then goes back to the list, where it shows as waiting and follows on its own.
 */
export function NewReportPage() {
  const { t } = useTranslation('admin');
  const words = useReportWords();
  const navigate = useNavigate();
  const create = useCreateReport();
  const validate = useValidateReport();
  const [checked, setChecked] = useState<'valid' | 'invalid' | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', type: 'usage', organisationIds: [], includeChildren: true, ...lastMonth() },
    validate: (values) => {
      const errors: Record<string, React.ReactNode> = { ...bodyRules(toBody(values)) };
      if (!values.name.trim()) errors.name = t('reports.create.nameRequired');
      if (values.organisationIds.length === 0)
        errors.organisationIds = t('reports.create.organisationsRequired');
      if (!values.from) errors.from = t('reports.create.dateRequired');
      if (!values.to) errors.to = t('reports.create.dateRequired');
      return errors;
    },
    onValuesChange: () => setChecked(null),
  });

  /** Asks the server; puts each problem next to its field. True when the request is valid. */
  const check = async (values: Values): Promise<boolean> => {
    const answer = await validate.mutateAsync({ data: toBody(values) });
    const problems = fieldProblems(answer.problems);
    form.setErrors(Object.fromEntries(problems.map((p) => [p.field, words.problem(p)])));
    setChecked(answer.valid ? 'valid' : 'invalid');
    return answer.valid;
  };
  const checking = useSubmit(check, { form });
  const submit = useSubmit(
    async (values: Values) => {
      if (!(await check(values))) return null;
      return create.mutateAsync({ data: toBody(values) });
    },
    { form, onSuccess: (report) => (report ? void navigate(paths.reports) : undefined) },
  );
  const problem = submit.problem ?? checking.problem;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('reports.create.title')}</Title>
      <Text>{t('reports.create.intro')}</Text>
      <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values))}>
        <Stack gap="md">
          <TextInput
            label={t('reports.create.name')}
            description={t('reports.create.nameHint')}
            withAsterisk
            maxLength={200}
            {...form.getInputProps('name')}
          />
          <Select
            label={t('reports.create.type')}
            withAsterisk
            allowDeselect={false}
            data={REPORT_TYPES.map((type) => ({ value: type, label: words.type(type) }))}
            {...form.getInputProps('type')}
          />
          <OrganisationPicker
            label={t('reports.create.organisations')}
            description={t('reports.create.organisationsHint')}
            withAsterisk
            {...form.getInputProps('organisationIds')}
          />
          <Checkbox
            label={t('reports.create.includeChildren')}
            {...form.getInputProps('includeChildren', { type: 'checkbox' })}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('reports.create.from')}
              withAsterisk
              {...form.getInputProps('from')}
            />
            <TextInput
              type="date"
              label={t('reports.create.to')}
              withAsterisk
              {...form.getInputProps('to')}
            />
          </Group>
          <div aria-live="polite">
            {checked === 'valid' ? <Alert color="teal">{t('reports.create.valid')}</Alert> : null}
            {checked === 'invalid' ? <Alert color="orange">{t('reports.create.invalid')}</Alert> : null}
          </div>
          <ProblemAlert problem={problem} />
          <Group>
            <Button type="submit" loading={submit.pending}>
              {t('reports.create.submit')}
            </Button>
            <Button
              variant="default"
              loading={checking.pending}
              onClick={() => form.validate().hasErrors || void checking.submit(form.getValues())}
            >
              {t('reports.create.check')}
            </Button>
            <Button component={Link} to={paths.reports} variant="subtle">
              {t('reports.create.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
