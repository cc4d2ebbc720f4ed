import type { CaseloadFilters } from '@tend/domain/caseload';

/** The caseload's filters kept in the address (`?q=…&risk=yes&shared=no&lead=yes`). */
export const FILTERS = ['risk', 'shared', 'lead'] as const;
export type Choice = 'any' | 'yes' | 'no';

/** One filter's choice in the address (`any` when absent or unknown). */
export const choiceOf = (params: URLSearchParams, name: (typeof FILTERS)[number]): Choice => {
  const value = params.get(name);
  return value === 'yes' || value === 'no' ? value : 'any';
};

const toFilter = (value: Choice): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined;

/** The caseload's filters as the address gives them, with `search` the text searched for. */
export function caseloadFilters(params: URLSearchParams, search: string): CaseloadFilters {
  return {
    search,
    highRisk: toFilter(choiceOf(params, 'risk')),
    sharedData: toFilter(choiceOf(params, 'shared')),
    lead: toFilter(choiceOf(params, 'lead')),
  };
}
