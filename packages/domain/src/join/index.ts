// @tend/domain/join: joining an organisation at sign-up: finding it by its access code or by an address it
// knows, proving the address with a mailed code, joining, and the patient token of the new member.
export {
  actAsNewAccount,
  requestPatientToken,
  requestSignInHandover,
  useJoin,
  useOrganisationLookup,
  useSendJoinCode,
  type OrganisationFound,
} from './join.ts';
