import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useOrganisationLevel, useOrganisationSearch } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { OrganisationList } from './OrganisationList.tsx';

/** The organisations the administrator runs: the top of their tree (each opens its page and its children), and search. */
export function OrganisationsPage() {
  const { t } = useTranslation('admin');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const searching = debounced.length > 0;
  const level = useOrganisationLevel(null);
  const search = useOrganisationSearch(debounced);
  return (
    <Stack gap="md">
      <Title order={1}>{t('organisations.title')}</Title>
      <Text>{t('organisations.intro')}</Text>
      <TextInput
        type="search"
        label={t('organisations.search.label')}
        description={t('organisations.search.hint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        maxLength={100}
      />
      {searching ? (
        <OrganisationList
          query={search}
          organisations={search.data?.items ?? []}
          label={t('organisations.search.results', { term: debounced })}
          empty={t('organisations.search.none', { term: debounced })}
        />
      ) : (
        <OrganisationList
          query={level}
          organisations={level.organisations}
          label={t('organisations.list.label')}
          empty={t('organisations.list.empty')}
        />
      )}
    </Stack>
  );
}
