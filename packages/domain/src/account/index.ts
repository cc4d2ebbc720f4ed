// @tend/domain/account: the signed-in person's own account.
// NOTE: kept minimal on purpose — so far only what sign-up needs (the profile's name, screen name and
// language, each updating the account summary the server answers). The account screens (issue 12 and on)
// extend this subject: add their queries and mutations in their own files beside profile.ts.
export { useSaveLanguage, useSaveName, useSaveScreenName } from './profile.ts';
