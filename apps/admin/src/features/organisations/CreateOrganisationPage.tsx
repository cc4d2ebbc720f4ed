import { Fieldset, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { createOrganisationBody } from '@tend/api/zod';
import { ProblemAlert, useSubmit, formRules } from '@tend/core';
import { useCreateOrganisation, useOrganisation } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { CreateActions } from '../../components/CreateActions.tsx';

interface Values {
  tubAdminOrganisationDetails: { name: string; contactEmail: string; parentOrganisation: string | null };
  firstAdmin: { email: string; firstName: string; lastName: string };
  maxRedemptions: number | '';
}

const bodyRules = formRules(createOrganisationBody);

/** A new organisation below another one (`?parent=`), with its number of places and its first administrator. */
export function CreateOrganisationPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const parent = search.get('parent');
  const parentOrg = useOrganisation(parent ?? undefined);
  const creator = useCreateOrganisation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      tubAdminOrganisationDetails: { name: '', contactEmail: '', parentOrganisation: parent },
      firstAdmin: { email: '', firstName: '', lastName: '' },
      maxRedemptions: '',
    },
    validate: (values) => ({
      ...bodyRules(toBody(values)),
      maxRedemptions: values.maxRedemptions === '' ? t('organisations.create.placesRequired') : null,
    }),
  });
  const submit = useSubmit(
    (values: Values) =>
      creator.mutateAsync({
        data: toBody(values),
        params: { maxRedemptions: Number(values.maxRedemptions) },
      }),
    {
      form,
      onSuccess: (id) => void navigate(to(paths.organisation, { organisationId: id })),
    },
  );
  const back = parent ? to(paths.organisation, { organisationId: parent }) : paths.organisations;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('organisations.create.title')}</Title>
      {parent ? (
        <Text>
          {t('organisations.create.below')}{' '}
          <strong>
            <SafeText component="span" inherit>
              {parentOrg.merged?.name ?? parent}
            </SafeText>
          </strong>
        </Text>
      ) : (
        <Text>{t('organisations.create.topLevel')}</Text>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values))}>
        <Stack gap="md">
          <TextInput
            label={t('organisations.create.name')}
            withAsterisk
            maxLength={200}
            {...form.getInputProps('tubAdminOrganisationDetails.name')}
          />
          <TextInput
            label={t('organisations.create.contactEmail')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('tubAdminOrganisationDetails.contactEmail')}
          />
          <NumberInput
            label={t('organisations.create.places')}
            description={t('organisations.create.placesHint')}
            withAsterisk
            min={0}
            max={1_000_000}
            allowDecimal={false}
            {...form.getInputProps('maxRedemptions')}
          />
          <Fieldset legend={t('organisations.create.firstAdmin')}>
            <Stack gap="sm">
              <Text size="sm">{t('organisations.create.firstAdminHint')}</Text>
              <TextInput
                label={t('organisations.create.adminEmail')}
                type="email"
                autoComplete="off"
                withAsterisk
                {...form.getInputProps('firstAdmin.email')}
              />
              <Group grow align="flex-start">
                <TextInput
                  label={t('organisations.create.adminFirstName')}
                  withAsterisk
                  maxLength={100}
                  {...form.getInputProps('firstAdmin.firstName')}
                />
                <TextInput
                  label={t('organisations.create.adminLastName')}
                  withAsterisk
                  maxLength={100}
                  {...form.getInputProps('firstAdmin.lastName')}
                />
              </Group>
            </Stack>
          </Fieldset>
          <ProblemAlert problem={submit.problem} />
          <CreateActions
            pending={submit.pending}
            submitLabel={t('organisations.create.submit')}
            cancelTo={back}
            cancelLabel={t('organisations.create.cancel')}
          />
        </Stack>
      </form>
    </Stack>
  );
}

/** The request body: blank optional fields left out, the parent as read from the address. */
function toBody(values: Values) {
  const details = values.tubAdminOrganisationDetails;
  return {
    tubAdminOrganisationDetails: {
      name: details.name.trim(),
      parentOrganisation: details.parentOrganisation,
      ...(details.contactEmail.trim() ? { contactEmail: details.contactEmail.trim() } : {}),
    },
    firstAdmin: {
      email: values.firstAdmin.email.trim(),
      firstName: values.firstAdmin.firstName.trim(),
      lastName: values.firstAdmin.lastName.trim(),
    },
  };
}
