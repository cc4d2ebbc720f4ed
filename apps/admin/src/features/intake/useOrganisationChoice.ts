import { useSearchParams } from 'react-router';
import { useOrganisationChoice as useChoice } from '@tend/domain/organisations';

/** The organisation the page is about (@tend/domain's choice from `?organisation=`), and choosing another. */
export function useOrganisationChoice() {
  const [search, setSearch] = useSearchParams();
  const choice = useChoice(search.get('organisation'));
  const choose = (id: string) => setSearch({ organisation: id }, { replace: true });
  return { ...choice, choose };
}
