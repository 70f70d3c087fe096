/** The service's ids are UUIDs: a reference that is one is taken as it is, with no lookup. */
export const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
