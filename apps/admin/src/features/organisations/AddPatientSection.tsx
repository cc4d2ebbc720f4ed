import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Organisation } from '@tend/api/model';
import { ProblemAlert, useSubmit, type Problem } from '@tend/core';
import { useAddPatient, useFindPatient } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { EmailLookupForm } from './EmailLookupForm.tsx';
import { Section } from '../../components/Section.tsx';

/**
 * Adds a patient who already has an account to the organisation: found by their e-mail address among the
 * patients of the organisations the administrator runs, shown (name, where they are now), then added or
 * moved here with one place used.
 */
export function AddPatientSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const finder = useFindPatient(organisation.id);
  const adder = useAddPatient();
  const find = useSubmit(finder.mutateAsync);
  const add = useSubmit((patient: string) => adder.mutateAsync({ organisation: organisation.id, patient }));
  const match = find.data;
  const findMessage = (p: Problem) =>
    p.kind === 'notFound' ? t('organisations.addPatient.notFound') : undefined;
  const addMessage = (p: Problem) =>
    p.code === 'no_redemptions_left'
      ? t('organisations.addPatient.full')
      : p.code === 'organisation_disabled'
        ? t('organisations.addPatient.disabled')
        : undefined;
  return (
    <Section
      titleId="add-patient-title"
      title={t('organisations.addPatient.title')}
      intro={t('organisations.addPatient.intro')}
    >
      <EmailLookupForm
        labelledBy="add-patient-title"
        label={t('organisations.addPatient.email')}
        submitLabel={t('organisations.addPatient.find')}
        loading={find.pending}
        onLookup={(value) => {
          add.reset();
          if (value) void find.submit(value);
        }}
      />
      {find.problem ? <ProblemAlert problem={find.problem} message={findMessage(find.problem)} /> : null}
      {match && !find.problem ? (
        <Paper withBorder p="sm" data-testid="patient-match">
          <Stack gap="xs">
            <Text fw={600}>
              <SafeText component="span" inherit>
                {`${match.firstName} ${match.lastName}`.trim()}
              </SafeText>{' '}
              <Text span c="dimmed" size="sm">
                <SafeText component="span" inherit>
                  {match.email}
                </SafeText>
              </Text>
            </Text>
            {match.memberHere || add.succeeded ? (
              <Text size="sm" role="status">
                {add.succeeded
                  ? t('organisations.addPatient.added', { name: organisation.name })
                  : t('organisations.addPatient.alreadyHere')}
              </Text>
            ) : (
              <>
                <Text size="sm">
                  {t('organisations.addPatient.nowIn')}{' '}
                  <SafeText component="span" inherit fw={600}>
                    {match.organisationName}
                  </SafeText>
                  . {t('organisations.addPatient.moveNote')}
                </Text>
                {add.problem ? (
                  <ProblemAlert problem={add.problem} message={addMessage(add.problem)} />
                ) : null}
                <Group>
                  <Button loading={add.pending} onClick={() => void add.submit(match.patientId)}>
                    {t('organisations.addPatient.add', { name: organisation.name })}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      ) : null}
    </Section>
  );
}
