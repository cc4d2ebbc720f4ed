import { useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  getGetOrganisationAppSettingsQueryKey,
  getGetOrganisationDetailsQueryKey,
  getGetOrganisationMergedQueryKey,
  getGetOrganisationResearchSettingsQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getListOrganisationsInfiniteQueryKey,
  useGetOrganisationAppSettings,
  useGetOrganisationDetails,
  useGetOrganisationResearchSettings,
  useUpdateOrganisationAppSettings,
  useUpdateOrganisationDetails,
  useUpdateOrganisationResearchSettings,
} from '@tend/api';
import type {
  AppSettings,
  AppSettingsPatch,
  OrganisationDetails,
  OrganisationDetailsPatch,
  ResearchSettings,
  ResearchSettingsPatch,
} from '@tend/api/model';

/** The sections whose read and PATCH both are the organisation's own values (the subscription's PATCH answers the merged one). */
export interface OwnSections {
  details: { resource: OrganisationDetails; patch: OrganisationDetailsPatch };
  appSettings: { resource: AppSettings; patch: AppSettingsPatch };
  researchSettings: { resource: ResearchSettings; patch: ResearchSettingsPatch };
}
export type OwnSectionName = keyof OwnSections;

/** The answer of a section's read and save, and the contract's variables of its save. */
type SectionResult<S extends OwnSectionName> = UseQueryResult<OwnSections[S]['resource']>;
type SectionSave<S extends OwnSectionName> = UseMutationResult<
  OwnSections[S]['resource'],
  unknown,
  { organisation: string; data: OwnSections[S]['patch']; headers: { ETag: string } }
>;

/**
 * The organisation's own values of a section (null fields: inherited), with their ETag. The three sections'
 * generated reads are called, the other two disabled, so the hooks stay the same on every render.
 */
export function useOwnSection<S extends OwnSectionName>(id: string, section: S): SectionResult<S> {
  const details = useGetOrganisationDetails(id, { query: { enabled: section === 'details' } });
  const appSettings = useGetOrganisationAppSettings(id, { query: { enabled: section === 'appSettings' } });
  const research = useGetOrganisationResearchSettings(id, {
    query: { enabled: section === 'researchSettings' },
  });
  const chosen = section === 'details' ? details : section === 'appSettings' ? appSettings : research;
  return chosen as unknown as SectionResult<S>;
}

/**
 * Saves a merge patch of the organisation's own values of a section with the ETag they were read with
 * (`{ organisation, data: patch, headers: { ETag } }`; null = back to inherited). The answer (own values,
 * new ETag) becomes the cached read; the merged and own views of the organisation are read again (and the
 * lists, whose rows show the name, after a details save). A 412 carries the stored own values, which is what
 * the form edits; when it does not, the form reads them again (useOwnSection's refetch).
 */
export function useSaveSection<S extends OwnSectionName>(section: S): SectionSave<S> {
  const queryClient = useQueryClient();
  const after =
    (key: (id: string) => readonly unknown[], lists: boolean) =>
    (saved: unknown, { organisation: id }: { organisation: string }) => {
      queryClient.setQueryData(key(id), saved);
      void queryClient.invalidateQueries({ queryKey: getGetOrganisationMergedQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
      if (lists)
        void queryClient.invalidateQueries({ queryKey: getListOrganisationsInfiniteQueryKey().slice(0, 2) });
    };
  const details = useUpdateOrganisationDetails({
    mutation: { onSuccess: after(getGetOrganisationDetailsQueryKey, true) },
  });
  const appSettings = useUpdateOrganisationAppSettings({
    mutation: { onSuccess: after(getGetOrganisationAppSettingsQueryKey, false) },
  });
  const research = useUpdateOrganisationResearchSettings({
    mutation: { onSuccess: after(getGetOrganisationResearchSettingsQueryKey, false) },
  });
  const chosen = section === 'details' ? details : section === 'appSettings' ? appSettings : research;
  return chosen as unknown as SectionSave<S>;
}
