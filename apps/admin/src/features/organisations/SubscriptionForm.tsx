import { formRules, reloadOf } from '@tend/core';
import { type FormValidateInput } from '@mantine/form';
import type { Organisation, SubscriptionPatch } from '@tend/api/model';
import { updateOrganisationSubscriptionBody } from '@tend/api/zod';
import { ownSubscription, useOwnSubscription, useSaveSubscription } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { SettingsForm, type SettingSpec } from './SettingsForm.tsx';

const validate = formRules(updateOrganisationSubscriptionBody) as FormValidateInput<Record<string, unknown>>;

/**
 * The organisation's subscription: each field its own value or inherited from the organisation above (with
 * the value in effect and "reset to inherited"), saved with the ETag; a 412 shows theirs against mine.
 */
export function SubscriptionForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const own = useOwnSubscription(organisation.id);
  const saver = useSaveSubscription();
  const fields: SettingSpec[] = [
    {
      name: 'plan',
      label: t('organisations.subscription.plan'),
      kind: 'choice',
      options: [
        { value: 'trial', label: t('organisations.subscription.plans.trial') },
        { value: 'standard', label: t('organisations.subscription.plans.standard') },
        { value: 'enterprise', label: t('organisations.subscription.plans.enterprise') },
      ],
    },
    { name: 'seats', label: t('organisations.subscription.seats'), kind: 'number', min: 0 },
    {
      name: 'maxRedemptions',
      label: t('organisations.subscription.maxRedemptions'),
      kind: 'number',
      min: 0,
      description: t('organisations.subscription.maxRedemptionsHint'),
    },
    { name: 'startsAt', label: t('organisations.subscription.startsAt'), kind: 'date' },
    {
      name: 'endsAt',
      label: t('organisations.subscription.endsAt'),
      kind: 'date',
      description: t('organisations.subscription.endsAtHint'),
    },
  ];
  return (
    <SettingsForm
      id="subscription"
      title={t('organisations.subscription.title')}
      saveLabel={t('organisations.subscription.save')}
      savedText={t('organisations.subscription.saved')}
      loadingText={t('organisations.subscription.loading')}
      fields={fields}
      own={own}
      merged={organisation.subscription}
      hasParent={Boolean(organisation.parentOrganisation)}
      save={async (values, etag) => {
        const own = values as Required<SubscriptionPatch>;
        const merged = await saver.mutateAsync({
          organisation: organisation.id,
          data: own,
          headers: { ETag: etag },
        });
        return ownSubscription(own, merged);
      }}
      reload={reloadOf(own)}
      validate={validate}
    />
  );
}
