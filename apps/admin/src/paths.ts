import { portalPaths } from '@tend/portal';

/** Every path of the admin app, in one place: so far those every portal has. */
export const paths = { ...portalPaths } as const;

export type AppPath = (typeof paths)[keyof typeof paths];
