// Tables of identity: users and roles, MFA secrets and challenges, sessions, query-string tokens,
// OpenID states. Kysely table interfaces; migrations in ../migrations.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdentityTables {}
