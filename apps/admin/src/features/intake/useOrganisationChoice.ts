import { useSearchParams } from 'react-router';
import { useOrganisation, useOrganisationLevel } from '@tend/domain/organisations';

/**
 * The organisation a page is about: `?organisation=` when the address names one, else the first the
 * administrator runs; with the organisations to choose from (the top of their tree).
 */
export function useOrganisationChoice() {
  const [search, setSearch] = useSearchParams();
  const roots = useOrganisationLevel(null);
  const named = search.get('organisation');
  const organisationId = named ?? roots.organisations[0]?.id;
  const options = roots.organisations.map((o) => ({ value: o.id, label: o.name }));
  // An organisation below the top of the tree, named by the address: its name read from its page's call.
  const below = named && !options.some((o) => o.value === named) ? named : undefined;
  const other = useOrganisation(below);
  if (below) options.unshift({ value: below, label: other.merged?.name ?? below });
  const choose = (id: string) => setSearch({ organisation: id }, { replace: true });
  return { organisationId, options, choose, roots };
}
