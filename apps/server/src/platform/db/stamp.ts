import { sql, type SQL } from 'drizzle-orm';

/**
 * The one way to stamp when a row changed (`updatedAt`, and the moments written beside it): the
 * database's clock at the statement, never the process's. Every process of a cluster then agrees,
 * and a row written in a transaction carries the same moment throughout.
 */
export const stampNow = (): SQL<Date> => sql<Date>`now()`;
