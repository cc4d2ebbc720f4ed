import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCaseload } from '@tend/domain/caseload';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { CaseloadList } from './CaseloadList.tsx';
import { caseloadFilters, choiceOf, FILTERS } from './filters.ts';
import { TakeOnDialog } from './TakeOnDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** `/caseload`: who needs me first (high-risk, then latest activity, as the server orders), searchable and filtered. */
export function CaseloadPage() {
  const { t } = useTranslation('therapist');
  const [params, setParams] = useSearchParams();
  const [takingOn, takeOn] = useDisclosure(false);
  // What is typed lives here (the URL follows it, debounced, so Back keeps the search without losing keystrokes).
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const choice = (name: (typeof FILTERS)[number]) => choiceOf(params, name);
  const filters = caseloadFilters(params, debounced);
  const query = useCaseload(filters);
  const { data: timeZone } = useMyTimezone();
  const set = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || value === 'any') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) set('q', debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const filtered = Boolean(debounced.trim()) || FILTERS.some((f) => choice(f) !== 'any');
  const options = (key: 'risk' | 'shared' | 'lead') => [
    { value: 'any', label: t('caseload.filters.any') },
    { value: 'yes', label: t(`caseload.filters.${key}.yes`) },
    { value: 'no', label: t(`caseload.filters.${key}.no`) },
  ];
  // One of the yes / no / any filters, kept in the address.
  const filter = (key: 'risk' | 'shared' | 'lead', label: string) => (
    <Select
      label={label}
      data={options(key)}
      value={choice(key)}
      onChange={(v) => set(key, v ?? 'any')}
      allowDeselect={false}
      w={190}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('caseload.title')} intro={t('caseload.intro')} />
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={takeOn.open}>
          {t('caseload.takeOn.open')}
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('caseload.search.label')}
          description={t('caseload.search.description')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 16rem' }}
        />
        {filter('risk', t('caseload.filters.risk.label'))}
        {filter('shared', t('caseload.filters.shared.label'))}
        {filter('lead', t('caseload.filters.lead.label'))}
      </Group>
      <Text size="sm" role="status" aria-live="polite">
        {query.total === undefined
          ? ''
          : filtered
            ? t('caseload.countFiltered', { count: query.total })
            : t('caseload.count', { count: query.total })}
      </Text>
      <CaseloadList query={query} timeZone={timeZone ?? undefined} filtered={filtered} />
      <TakeOnDialog opened={takingOn} onClose={takeOn.close} />
    </Stack>
  );
}
