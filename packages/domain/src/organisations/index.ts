// @tend/domain/organisations: the administration of organisations (the admin console). One level of the
// tree page by page, search, an organisation's merged and own views, its settings saved with the ETag, and
// the pure model of inheritance (own against merged, field by field; the merge patch a form sends).
export {
  ORGANISATION_PAGE_SIZE,
  useIsPlatformAdmin,
  useOrganisation,
  useOrganisationLevel,
  useOrganisationSearch,
  useOwnSubscription,
} from './queries.ts';
export { ownSubscription, useRefreshOrganisationLists, useSaveSubscription } from './mutations.ts';
export * from './model.ts';
export {
  useCreateOrganisation,
  useDisableOrganisation,
  useEnableOrganisation,
  useRegenerateAccessCode,
} from './lifecycle.ts';
export { useWhitelistCheck } from './details.ts';
export { useOwnSection, useSaveSection, type OwnSectionName, type OwnSections } from './sections.ts';
export { useUploadLogo } from './logo.ts';
export { useAddPatient, useFindPatient } from './members.ts';
export { useOrganisationChoice } from './choice.ts';
