// Tag `scopes`: the scopes the server knows, and the caller's.
import { principal } from '../../auth/context.ts';
import { SCOPES, scopesForRoles } from '../../auth/scopes.ts';
import type { Handlers } from '../../http/types.ts';

export const handlers: Handlers = {
  listAllScopes: () => ({ scopes: SCOPES.map((s) => ({ scope: s.name, description: s.description })) }),

  getCurrentScopes: (_request, ctx) => {
    const caller = principal(ctx);
    return { uid: caller.uid, scopes: caller.scopes, available: scopesForRoles(caller.roles) };
  },
};
