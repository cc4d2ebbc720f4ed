// Tag `scopes`: the scopes the server knows, and the caller's.
import { principal } from '../../auth/context.ts';
import { SCOPES, scopesForRoles } from '../../auth/scopes.ts';
import type { Handlers } from '../../http/types.ts';
import { adminScope } from '../organisations/access.ts';

export const handlers: Handlers = {
  listAllScopes: () => ({ scopes: SCOPES.map((s) => ({ scope: s.name, description: s.description })) }),

  getCurrentScopes: async (_request, ctx) => {
    const caller = principal(ctx);
    // Whether they administer every organisation (only with the org-admin scope in this session).
    const { platform } = await adminScope(ctx.db, caller);
    return {
      uid: caller.uid,
      scopes: caller.scopes,
      available: scopesForRoles(caller.roles),
      platformAdmin: platform,
    };
  },
};
