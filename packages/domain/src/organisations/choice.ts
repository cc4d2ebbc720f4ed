import { useOrganisation, useOrganisationLevel } from './queries.ts';

/**
 * The organisation a page is about: `named` (the address's `?organisation=`) when there is one, else the first
 * the administrator runs; with the organisations to choose from (the top of their tree, and the named one when
 * it lies below it, its name read from its own call).
 */
export function useOrganisationChoice(named: string | null) {
  const roots = useOrganisationLevel(null);
  const organisationId = named ?? roots.organisations[0]?.id;
  const options = roots.organisations.map((o) => ({ value: o.id, label: o.name }));
  const below = named && !options.some((o) => o.value === named) ? named : undefined;
  const other = useOrganisation(below);
  if (below) options.unshift({ value: below, label: other.merged?.name ?? below });
  return { organisationId, options, roots };
}
