// Offline: the service worker (registered from the app's script; a new version waits for the person), the
// update notice, and the sync status of the offline outbox (@tend/domain/moments).
export { SyncStatus, UpdateNotice } from './OfflineStatus.tsx';
export { registerServiceWorker } from './serviceWorker.ts';
