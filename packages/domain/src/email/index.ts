// @tend/domain/email: the public site's e-mail links: subscribe and unsubscribe an address, confirm an
// address by its JWT link.
export { useEmailSubscription, useEmailUpdateConfirmation, type SubscriptionChange } from './email.ts';
