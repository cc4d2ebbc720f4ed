import {
  MultiSelect,
  Select,
  type MultiSelectProps,
  type OptionsFilter,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useOrganisationLevel, useOrganisationSearch } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';

/** The server searched already: every option it answered is shown. */
const everyOption: OptionsFilter = ({ options }) => options;

/**
 * Options for choosing organisations: the top of the administrator's tree to start with, any organisation
 * they administer by searching (searchOrganisations). Names of chosen organisations are remembered, so a
 * choice keeps its name when the search moves on.
 */
function useOrganisationOptions(chosen: string[]) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const top = useOrganisationLevel(null);
  const found = useOrganisationSearch(term);
  const names = useRef(new Map<string, string>());
  const key = chosen.join(',');
  const data = useMemo(() => {
    for (const o of [...top.organisations, ...(found.data?.items ?? [])]) names.current.set(o.id, o.name);
    const shown = term.trim() ? (found.data?.items ?? []) : top.organisations;
    const ids = new Set([...shown.map((o) => o.id), ...(key ? key.split(',') : [])]);
    return [...ids].map((id) => ({ value: id, label: names.current.get(id) ?? id }));
  }, [top.organisations, found.data, term, key]);
  const { t } = useTranslation('admin');
  /** What both pickers pass to Mantine: the options, searched on the server (no filtering here). */
  const comboProps = {
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: everyOption,
    nothingFoundMessage: t('reports.create.organisationsEmpty'),
  } as const;
  return comboProps;
}

type MultiProps = Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'label'> & {
  label: string;
};

/** Several organisations (a report's). */
export function OrganisationPicker(props: MultiProps) {
  return (
    <MultiSelect
      {...props}
      {...useOrganisationOptions((props.value as string[] | undefined) ?? [])}
      clearable
    />
  );
}

type SingleProps = Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'label'> & { label: string };

/** One organisation (the scheduler's). */
export function OrganisationSelect(props: SingleProps) {
  return (
    <Select {...props} {...useOrganisationOptions(props.value ? [props.value] : [])} allowDeselect={false} />
  );
}
