import type { Migration } from 'kysely';
import * as m0002 from './0002_identity.ts';
import * as m0101 from './0101_identity_password_resets.ts';
import * as m0102 from './0102_identity_default_totp.ts';
import * as m0110 from './0110_identity_session_validity.ts';
import * as m0111 from './0111_identity_mfa_sources.ts';
import * as m0112 from './0112_identity_user_change_events.ts';

/**
 * Plug point of the identity part (its file): the identity migrations, by name (`NNNN_identity_…`),
 * merged into the one migration set by ./index.ts.
 */
export const identityMigrations: Record<string, Migration> = {
  '0002_identity': m0002,
  '0101_identity_password_resets': m0101,
  '0102_identity_default_totp': m0102,
  '0110_identity_session_validity': m0110,
  '0111_identity_mfa_sources': m0111,
  '0112_identity_user_change_events': m0112,
};
