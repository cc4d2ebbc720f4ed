// The part of oidc-provider (v9, shipped without types) the development provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { clientId: string; accountId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[]; long?: Record<string, unknown>; short?: Record<string, unknown> };
    jwks?: { keys: Array<Record<string, unknown>> };
    features?: Record<string, unknown>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<GrantInstance | undefined>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    renderError?: (
      ctx: { type: string; body: string },
      out: Record<string, string>,
      error: Error,
    ) => void | Promise<void>;
    [key: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
