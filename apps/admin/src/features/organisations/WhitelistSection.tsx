import { Button, Group, Stack, TagsInput, Text, Title } from '@mantine/core';

import { useState } from 'react';
import type { Organisation, OrganisationDetails } from '@tend/api/model';
import { updateOrganisationDetailsBody } from '@tend/api/zod';
import {
  ProblemAlert,
  VersionConflictPanel,
  toProblem,
  useVersionedForm,
  formRules,
  reloadOf,
} from '@tend/core';
import { useOwnSection, useSaveSection, useWhitelistCheck } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { EmailLookupForm } from './EmailLookupForm.tsx';

type Values = { whitelistedDomains: string[] };
const validate = formRules(updateOrganisationDetailsBody);

/**
 * The e-mail domains whose addresses may join without a code (the organisation's own list, saved with the
 * ETag; a list here replaces the one inherited from above), and a check of one address.
 */
export function WhitelistSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const details = useOwnSection(organisation.id, 'details');
  const saver = useSaveSection('details');
  const vf = useVersionedForm<OrganisationDetails, Values, OrganisationDetails>({
    resource: details.data,
    etag: details.data?.etag,
    initialValues: { whitelistedDomains: [] },
    toValues: (d) => ({ whitelistedDomains: d.whitelistedDomains ?? [] }),
    // An empty list where the organisation has none of its own stays "none of its own" (it keeps inheriting):
    // the contract has no way back to inherited once a list is set here.
    save: (values, etag) => {
      const domains = values.whitelistedDomains.map((d) => d.trim().toLowerCase());
      const hadOwn = (details.data?.whitelistedDomains ?? []).length > 0;
      return saver.mutateAsync({
        organisation: organisation.id,
        data: domains.length === 0 && !hadOwn ? {} : { whitelistedDomains: domains },
        headers: { ETag: etag },
      });
    },
    savedResource: (saved) => saved,
    reload: reloadOf(details),
    validate,
  });
  const inEffect = organisation.details?.whitelistedDomains ?? [];
  const own = vf.form.getValues().whitelistedDomains;
  const label = t('organisations.join.domains');

  return (
    <Stack gap="lg">
      <form onSubmit={vf.onSubmit} noValidate aria-labelledby="domains-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="domains-title">
            {t('organisations.join.domainsTitle')}
          </Title>
          <Text size="sm">{t('organisations.join.domainsIntro')}</Text>
          {details.error && !details.data ? (
            <ProblemAlert problem={toProblem(details.error)} onRetry={() => void details.refetch()} />
          ) : !vf.ready ? (
            <Text role="status">{t('organisations.join.domainsLoading')}</Text>
          ) : (
            <>
              <TagsInput
                label={label}
                description={t('organisations.join.domainsHint')}
                placeholder={t('organisations.join.domainsPlaceholder')}
                splitChars={[',', ' ']}
                clearable
                {...vf.form.getInputProps('whitelistedDomains')}
              />
              {own.length === 0 && inEffect.length > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('organisations.join.domainsInherited', { domains: inEffect.join(', ') })}
                </Text>
              ) : null}
              {vf.conflict ? (
                <VersionConflictPanel
                  conflict={vf.conflict}
                  labels={{ whitelistedDomains: label }}
                  pending={vf.pending}
                />
              ) : (
                <ProblemAlert problem={vf.problem} />
              )}
              <Group>
                <Button type="submit" loading={vf.pending} disabled={Boolean(vf.conflict)}>
                  {t('organisations.join.domainsSave')}
                </Button>
                {vf.succeeded ? (
                  <Text size="sm" role="status">
                    {t('organisations.join.domainsSaved')}
                  </Text>
                ) : null}
              </Group>
            </>
          )}
        </Stack>
      </form>
      <AddressCheck />
    </Stack>
  );
}

/** Whether an address could join, and which organisation it would join (isEmailWhitelisted). */
function AddressCheck() {
  const { t } = useTranslation('admin');
  const [checked, setChecked] = useState<string | null>(null);
  const result = useWhitelistCheck(checked);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" id="check-title">
        {t('organisations.join.checkTitle')}
      </Title>
      <EmailLookupForm
        labelledBy="check-title"
        label={t('organisations.join.checkLabel')}
        submitLabel={t('organisations.join.check')}
        loading={result.isFetching}
        onLookup={(value) => {
          if (value) setChecked(value);
        }}
      />
      {checked && result.error ? (
        <ProblemAlert problem={toProblem(result.error)} onRetry={() => void result.refetch()} />
      ) : null}
      {checked && result.data ? (
        <Text size="sm" role="status">
          {result.data.whitelisted ? (
            <>
              {t('organisations.join.checkYes', { email: checked })}{' '}
              <SafeText component="span" inherit>
                {result.data.organisationName ?? ''}
              </SafeText>
            </>
          ) : (
            t('organisations.join.checkNo', { email: checked })
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
