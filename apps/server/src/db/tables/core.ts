// Tables of the server core (owned by the core part: status, config, cloud documents, contact, e-mail,
// message alerts, error reports, mail). Kysely table interfaces; one migration set in ../migrations.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CoreTables {}
