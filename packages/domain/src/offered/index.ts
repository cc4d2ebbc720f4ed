// @tend/domain/offered: what the signed-in person's organisation offers: its merged app settings (with
// inheritance, as the admin console shows them) decide which features the apps show (chat, urgent chat,
// journal, CBT, screening; the server refuses the others with 403 `feature_not_offered`) and which crisis
// lines the crisis panel shows; the last answer is kept on the device for use offline.
export * from './model.ts';
export { OFFERED_REFRESH_MS, useOffered } from './queries.ts';
