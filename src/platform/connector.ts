// The connector seam of the platform (PA) boundary: what src/platform/index.ts runs for the `platform` option.
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { EventSink } from '../domain/events/types.ts';

/**
 * A connection to a platform (PA). The documents it takes travel through the database (`validated` rows); the
 * connector is only told when to look.
 */
export interface PlatformConnector {
  /** Looks for due work now (a document was committed `validated`). Never throws: retries are the connector's business. */
  wake(): void;
  /** Stops: pending work is cancelled or finished. */
  stop(): Promise<void>;
}

/** What a connector made outside this module (`{ kind: 'custom' }`, the tests' simulated platform) is given. */
export interface ConnectorDeps {
  db: Db;
  events: EventSink;
  log: Logger;
}

/** No platform: validated submissions stay `validated` with no lifecycle status (PLATFORM=none). */
export const NO_PLATFORM: PlatformConnector = { wake: () => {}, stop: async () => {} };
