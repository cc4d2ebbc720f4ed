import { MultiSelect, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useOrganisationLevel, useOrganisationSearch } from '@tend/domain/organisations';
import {
  useOrganisationNames,
  useSetSurveyOrganisations,
  useSurveyOrganisations,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { SaveRow } from '../../components/SaveRow.tsx';
import { SurveyPart } from './SurveyPart.tsx';

/**
 * The organisations the survey goes to, chosen among those the administrator runs: the top of their tree and
 * any organisation below it found by name. Saved as a whole; a failure keeps the choice.
 */
export function SurveyOrganisations({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('admin');
  const stored = useSurveyOrganisations(surveyId);
  const setter = useSetSurveyOrganisations();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [term, setTerm] = useState('');
  const level = useOrganisationLevel(null);
  const found = useOrganisationSearch(term);
  const storedIds = stored.data?.organisations;
  const value = useMemo(() => chosen ?? storedIds ?? [], [chosen, storedIds]);
  const names = useOrganisationNames(value);
  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const o of [...level.organisations, ...(found.data?.items ?? [])]) options.set(o.id, o.name);
    for (const id of value) if (!options.has(id)) options.set(id, names.get(id) ?? id);
    return [...options].map(([id, name]) => ({ value: id, label: name }));
  }, [level.organisations, found.data, value, names]);
  const submit = useSubmit(
    (organisations: string[]) => setter.mutateAsync({ surveyId, data: { organisations } }),
    { onSuccess: () => setChosen(null) },
  );
  const changed = chosen !== null;

  return (
    <SurveyPart
      titleId="survey-organisations-title"
      title={t('surveys.organisations.title')}
      intro={t('surveys.organisations.intro')}
    >
      {stored.isPending ? (
        <Text size="sm" role="status">
          {t('surveys.organisations.loading')}
        </Text>
      ) : stored.error && !stored.data ? (
        <ProblemAlert problem={toProblem(stored.error)} onRetry={() => void stored.refetch()} />
      ) : (
        <>
          <MultiSelect
            label={t('surveys.organisations.label')}
            description={t('surveys.organisations.hint')}
            data={data}
            value={value}
            onChange={(v) => {
              setChosen(v);
              submit.reset();
            }}
            searchable
            searchValue={term}
            onSearchChange={setTerm}
            nothingFoundMessage={term.trim() ? t('surveys.organisations.nothingFound') : undefined}
            hidePickedOptions
            maw={560}
          />
          {value.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('surveys.organisations.none')}
            </Text>
          ) : null}
          <ProblemAlert problem={submit.problem} />
          <SaveRow
            label={t('surveys.organisations.save')}
            onClick={() => void submit.submit(value)}
            pending={submit.pending}
            disabled={!changed}
            saved={submit.succeeded && !changed}
            savedText={t('surveys.organisations.saved')}
          />
        </>
      )}
    </SurveyPart>
  );
}
