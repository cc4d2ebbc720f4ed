import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import type { Organisation, Subscription } from '@tend/api/model';
import { updateOrganisationSubscriptionBody } from '@tend/api/zod';
import { ProblemAlert, VersionConflictPanel, toProblem, useVersionedForm } from '@tend/domain';
import { useOwnSubscription, useSaveSubscription } from '@tend/domain/organisations';
import { formatDate } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { InheritedField } from './InheritedField.tsx';

type Plan = 'trial' | 'standard' | 'enterprise';
interface Values extends Record<string, unknown> {
  plan: Plan | null;
  seats: number | null;
  maxRedemptions: number | null;
  startsAt: string | null;
  endsAt: string | null;
}

const EMPTY: Values = { plan: null, seats: null, maxRedemptions: null, startsAt: null, endsAt: null };
const toValues = (s: Subscription): Values => ({ plan: s.plan ?? null, seats: s.seats ?? null, maxRedemptions: s.maxRedemptions ?? null, startsAt: s.startsAt ?? null, endsAt: s.endsAt ?? null });
const validate = schemaResolver(updateOrganisationSubscriptionBody, { sync: true });
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : value === '' ? null : Number(value));

/**
 * The organisation's subscription: each field its own value or inherited from the organisation above (with
 * the value in effect and "reset to inherited"), saved with the ETag; a 412 shows theirs against mine.
 */
export function SubscriptionForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const own = useOwnSubscription(organisation.id);
  const saver = useSaveSubscription(organisation.id);
  const vf = useVersionedForm<Subscription, Values, Subscription>({
    resource: own.data,
    etag: own.data?.etag,
    initialValues: EMPTY,
    toValues,
    save: (values, etag) => saver.save(values, etag),
    savedResource: (saved) => saved,
    reload: saver.reloadOwn,
    validate,
  });
  const merged = organisation.subscription;
  const hasParent = Boolean(organisation.parentOrganisation);
  const plans = (['trial', 'standard', 'enterprise'] as const).map((p) => ({ value: p, label: t(`organisations.subscription.plans.${p}`) }));
  const planLabel = (p: string | null | undefined) => (p ? (plans.find((x) => x.value === p)?.label ?? p) : null);
  const dateLabel = (d: string | null | undefined) => (d ? formatDate(Date.parse(`${d}T00:00:00Z`), 'UTC') : null);
  const labels = {
    plan: t('organisations.subscription.plan'),
    seats: t('organisations.subscription.seats'),
    maxRedemptions: t('organisations.subscription.maxRedemptions'),
    startsAt: t('organisations.subscription.startsAt'),
    endsAt: t('organisations.subscription.endsAt'),
  };
  const reset = (field: 'plan' | 'seats' | 'maxRedemptions' | 'startsAt' | 'endsAt') => () => vf.form.setFieldValue(field, null);
  const values = vf.form.getValues();

  if (own.error && !own.data) return <ProblemAlert problem={toProblem(own.error)} onRetry={() => void own.refetch()} />;
  if (!vf.ready) return <Text role="status">{t('organisations.subscription.loading')}</Text>;

  return (
    <form onSubmit={vf.onSubmit} noValidate aria-labelledby="subscription-title">
      <Stack gap="md">
        <Title order={2} id="subscription-title" size="h3">
          {t('organisations.subscription.title')}
        </Title>
        <Text size="sm">{hasParent ? t('organisations.subscription.introChild') : t('organisations.subscription.introRoot')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <InheritedField field="plan" label={labels.plan} value={values.plan} effective={planLabel(merged?.plan)} hasParent={hasParent} onReset={reset('plan')}>
            <Select label={labels.plan} data={plans} clearable placeholder={planLabel(merged?.plan) ?? undefined} {...vf.form.getInputProps('plan')} />
          </InheritedField>
          <InheritedField field="seats" label={labels.seats} value={values.seats} effective={merged?.seats?.toString() ?? null} hasParent={hasParent} onReset={reset('seats')}>
            <NumberInput
              label={labels.seats}
              min={0}
              allowDecimal={false}
              placeholder={merged?.seats?.toString()}
              {...vf.form.getInputProps('seats')}
              value={values.seats ?? ''}
              onChange={(v) => vf.form.setFieldValue('seats', numberOrNull(v))}
            />
          </InheritedField>
          <InheritedField field="maxRedemptions" label={labels.maxRedemptions} value={values.maxRedemptions} effective={merged?.maxRedemptions?.toString() ?? null} hasParent={hasParent} onReset={reset('maxRedemptions')}>
            <NumberInput
              label={labels.maxRedemptions}
              description={t('organisations.subscription.maxRedemptionsHint')}
              min={0}
              allowDecimal={false}
              placeholder={merged?.maxRedemptions?.toString()}
              {...vf.form.getInputProps('maxRedemptions')}
              value={values.maxRedemptions ?? ''}
              onChange={(v) => vf.form.setFieldValue('maxRedemptions', numberOrNull(v))}
            />
          </InheritedField>
          <div />
          <InheritedField field="startsAt" label={labels.startsAt} value={values.startsAt} effective={dateLabel(merged?.startsAt)} hasParent={hasParent} onReset={reset('startsAt')}>
            <TextInput type="date" label={labels.startsAt} {...vf.form.getInputProps('startsAt')} value={values.startsAt ?? ''} onChange={(e) => vf.form.setFieldValue('startsAt', e.currentTarget.value || null)} />
          </InheritedField>
          <InheritedField field="endsAt" label={labels.endsAt} value={values.endsAt} effective={dateLabel(merged?.endsAt)} hasParent={hasParent} onReset={reset('endsAt')}>
            <TextInput
              type="date"
              label={labels.endsAt}
              description={t('organisations.subscription.endsAtHint')}
              {...vf.form.getInputProps('endsAt')}
              value={values.endsAt ?? ''}
              onChange={(e) => vf.form.setFieldValue('endsAt', e.currentTarget.value || null)}
            />
          </InheritedField>
        </SimpleGrid>
        {vf.conflict ? (
          <VersionConflictPanel
            conflict={vf.conflict}
            labels={labels}
            pending={vf.pending}
            format={(path, value) => (value === null || value === undefined ? null : path === 'plan' ? planLabel(String(value)) : String(value))}
          />
        ) : (
          <ProblemAlert problem={vf.problem} />
        )}
        <Group>
          <Button type="submit" loading={vf.pending} disabled={Boolean(vf.conflict)}>
            {t('organisations.subscription.save')}
          </Button>
          {vf.succeeded ? (
            <Text size="sm" role="status" c="teal">
              {t('organisations.subscription.saved')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
