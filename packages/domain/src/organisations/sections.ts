import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganisationAppSettingsQueryKey,
  getGetOrganisationDetailsQueryKey,
  getGetOrganisationMergedQueryKey,
  getGetOrganisationResearchSettingsQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getListOrganisationsInfiniteQueryKey,
  getOrganisationAppSettings,
  getOrganisationDetails,
  getOrganisationResearchSettings,
  updateOrganisationAppSettings,
  updateOrganisationDetails,
  updateOrganisationResearchSettings,
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

interface SectionCalls<S extends OwnSectionName> {
  key(id: string): readonly unknown[];
  read(id: string, signal?: AbortSignal): Promise<OwnSections[S]['resource']>;
  update(id: string, patch: OwnSections[S]['patch'], etag: string): Promise<OwnSections[S]['resource']>;
}

const CALLS: { [S in OwnSectionName]: SectionCalls<S> } = {
  details: {
    key: getGetOrganisationDetailsQueryKey,
    read: (id, signal) => getOrganisationDetails(id, undefined, signal),
    update: (id, patch, etag) => updateOrganisationDetails(id, patch, { ETag: etag }),
  },
  appSettings: {
    key: getGetOrganisationAppSettingsQueryKey,
    read: (id, signal) => getOrganisationAppSettings(id, undefined, signal),
    update: (id, patch, etag) => updateOrganisationAppSettings(id, patch, { ETag: etag }),
  },
  researchSettings: {
    key: getGetOrganisationResearchSettingsQueryKey,
    read: (id, signal) => getOrganisationResearchSettings(id, undefined, signal),
    update: (id, patch, etag) => updateOrganisationResearchSettings(id, patch, { ETag: etag }),
  },
};

/** The organisation's own values of a section (null fields: inherited), with their ETag (the generated query key). */
export function useOwnSection<S extends OwnSectionName>(id: string, section: S) {
  const calls = CALLS[section] as SectionCalls<S>;
  return useQuery({ queryKey: calls.key(id), queryFn: ({ signal }) => calls.read(id, signal) });
}

/**
 * Saves a merge patch of the organisation's own values of a section with the ETag they were read with (null
 * = back to inherited). The answer (own values, new ETag) becomes the cached read; the merged and own views
 * of the organisation are read again (and the lists, whose rows show the name, after a details save). A 412
 * carries the stored own values, which is what the form edits; `reload` reads them when it does not.
 */
export function useSaveSection<S extends OwnSectionName>(id: string, section: S) {
  const queryClient = useQueryClient();
  const calls = CALLS[section] as SectionCalls<S>;
  const mutation = useMutation({
    mutationFn: ({ patch, etag }: { patch: OwnSections[S]['patch']; etag: string }) =>
      calls.update(id, patch, etag),
    onSuccess: (saved) => {
      queryClient.setQueryData(calls.key(id), saved);
      void queryClient.invalidateQueries({ queryKey: getGetOrganisationMergedQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
      if (section === 'details')
        void queryClient.invalidateQueries({ queryKey: getListOrganisationsInfiniteQueryKey().slice(0, 2) });
    },
  });
  return {
    save: (patch: OwnSections[S]['patch'], etag: string): Promise<OwnSections[S]['resource']> =>
      mutation.mutateAsync({ patch, etag }),
    reload: async () => {
      const own = await calls.read(id);
      queryClient.setQueryData(calls.key(id), own);
      return own;
    },
    pending: mutation.isPending,
  };
}
