import { formRules } from '@tend/core';
import { Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { type UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { createMessageAlertV2Body } from '@tend/api/zod';
import {
  ALERT_AUDIENCES,
  ALERT_SEVERITIES,
  MessageAlertCards,
  alertRules,
  toAlertMessage,
  type AlertValues,
} from '@tend/domain/message-alerts';
import {
  useIsPlatformAdmin,
  useOrganisation,
  useOrganisationLevel,
  useOrganisationSearch,
} from '@tend/domain/organisations';
import { userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';

const contractRules = formRules(createMessageAlertV2Body);

/** The form's rules: the contract's limits and formats on the message it sends, and the two it cannot say. */
export function useAlertValidation() {
  const { t } = useTranslation('admin');
  const platform = useIsPlatformAdmin();
  return (values: AlertValues): Record<string, string | null> => {
    const errors: Record<string, string | null> = {
      ...(contractRules(toAlertMessage(values)) as Record<string, string | null>),
    };
    if (!platform && !values.organisationId)
      errors.organisationId = t('message-alerts.form.organisationRequired');
    const rules = alertRules(values);
    if (rules.endsAt) errors.endsAt = t('message-alerts.form.endBeforeStart');
    if (rules.audience) errors.audience = t('message-alerts.form.publicNeedsEveryOrganisation');
    return errors;
  };
}

/** The labels of the fields (also the conflict view's). */
export function useAlertLabels() {
  const { t } = useTranslation('admin');
  return {
    title: t('message-alerts.form.title'),
    body: t('message-alerts.form.body'),
    severity: t('message-alerts.form.severity'),
    audience: t('message-alerts.form.audience'),
    organisationId: t('message-alerts.form.organisation'),
    startsAt: t('message-alerts.form.startsAt'),
    endsAt: t('message-alerts.form.endsAt'),
    link: t('message-alerts.form.link'),
  };
}

/**
 * An alert's fields (text, importance, audience, organisation, the period it shows, link) and a live preview
 * drawn by the component the apps show alerts with. Only a platform administrator may choose every
 * organisation (and so the public site).
 */
export function AlertFields({
  form,
  pickFirstOrganisation = false,
}: {
  form: UseFormReturnType<AlertValues>;
  pickFirstOrganisation?: boolean;
}) {
  const { t } = useTranslation('admin');
  const labels = useAlertLabels();
  const platform = useIsPlatformAdmin();
  const level = useOrganisationLevel(null);
  const values = form.getValues();
  // The choices: the top of the administrator's tree, what they search for (any organisation below), and the
  // one chosen (its name read when it is neither).
  const [term, setTerm] = useState('');
  const found = useOrganisationSearch(term);
  const chosen = useOrganisation(values.organisationId || undefined);
  const organisations = useMemo(() => {
    const options = new Map<string, string>();
    for (const o of [...level.organisations, ...(found.data?.items ?? [])]) options.set(o.id, o.name);
    if (values.organisationId && !options.has(values.organisationId))
      options.set(values.organisationId, chosen.merged?.name ?? values.organisationId);
    const list = [...options].map(([value, label]) => ({ value, label }));
    return platform ? [{ value: '', label: t('message-alerts.everyOrganisation') }, ...list] : list;
  }, [level.organisations, found.data, values.organisationId, chosen.merged?.name, platform, t]);
  const first = level.organisations[0]?.id;
  useEffect(() => {
    // A new alert starts on the administrator's (first) organisation rather than on nothing.
    if (pickFirstOrganisation && first && !form.getValues().organisationId)
      form.setFieldValue('organisationId', first);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the organisations arrive
  }, [pickFirstOrganisation, first]);
  const audiences = ALERT_AUDIENCES.filter((a) => a !== 'public' || platform).map((a) => ({
    value: a,
    label: t(`message-alerts.audiences.${a}`),
  }));
  const severities = ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`message-alerts.severities.${s}`) }));
  const preview =
    values.title.trim() && values.body.trim() ? [{ id: 'preview', message: toAlertMessage(values) }] : [];

  return (
    <Stack gap="md">
      <TextInput label={labels.title} withAsterisk maxLength={120} {...form.getInputProps('title')} />
      <Textarea
        label={labels.body}
        description={t('message-alerts.form.bodyHint')}
        withAsterisk
        autosize
        minRows={3}
        maxLength={2000}
        {...form.getInputProps('body')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={labels.severity}
          data={severities}
          allowDeselect={false}
          {...form.getInputProps('severity')}
        />
        <Select
          label={labels.audience}
          data={audiences}
          allowDeselect={false}
          {...form.getInputProps('audience')}
        />
        <Select
          label={labels.organisationId}
          description={t('message-alerts.form.organisationHint')}
          data={organisations}
          allowDeselect={false}
          searchable
          onSearchChange={setTerm}
          withAsterisk={!platform}
          {...form.getInputProps('organisationId')}
          onChange={(v) => form.setFieldValue('organisationId', v ?? '')}
        />
        <div />
        <TextInput
          type="datetime-local"
          label={labels.startsAt}
          description={t('message-alerts.form.startsAtHint', { zone: userTimeZone() })}
          {...form.getInputProps('startsAt')}
        />
        <TextInput
          type="datetime-local"
          label={labels.endsAt}
          description={t('message-alerts.form.endsAtHint')}
          {...form.getInputProps('endsAt')}
        />
      </SimpleGrid>
      <TextInput type="url" label={labels.link} placeholder="https://" {...form.getInputProps('link')} />
      <Stack gap="xs" component="section" aria-labelledby="alert-preview-title">
        <Title order={2} size="h4" id="alert-preview-title">
          {t('message-alerts.form.preview')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('message-alerts.form.previewHint')}
        </Text>
        {preview.length > 0 ? (
          <MessageAlertCards alerts={preview} label={t('message-alerts.form.preview')} />
        ) : (
          <Text size="sm">{t('message-alerts.form.previewEmpty')}</Text>
        )}
      </Stack>
    </Stack>
  );
}
