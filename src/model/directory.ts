// The PA directory's nouns (XP Z12-013 Annex B, Directory Service 1.2.0): shared by the domain, the pipeline and the platform client.

/**
 * One directory line: an addressing unit of a SIREN (the SIREN itself, one of its SIRETs, a routing code or a
 * suffix) and the platform that receives for it (DSE v3.2 § 3.5). `addressing_identifier` is what BT-49 carries
 * with scheme 0225.
 */
export interface DirectoryLine {
  addressing_identifier: string;
  siret?: string;
  routing_code?: string;
  suffix?: string;
  /** The receiving platform (the Directory Service's platform registration name or type). */
  platform: string;
  /** The line's status as the Directory Service gives it (`Enabled`, `Disabled`…). */
  status: string;
}

/** What the directory says of a SIREN: `registered` when it has at least one line (a receive-capable company). */
export interface DirectoryEntry {
  siren: string;
  registered: boolean;
  lines: DirectoryLine[];
  /** When the PA's directory was asked (the entry is kept for `DIRECTORY_CACHE_TTL_S`). */
  checked_at: string;
}

/**
 * A directory answer: the entry; `unknown` when no directory is configured (`PA_DIRECTORY_URL` unset), so nothing
 * can be said either way; `unavailable` when the directory could not be asked now (network, 5xx, 429: try later).
 */
export type DirectoryAnswer = { kind: 'entry'; entry: DirectoryEntry } | { kind: 'unknown' } | { kind: 'unavailable'; reason: string };

/**
 * Asks the directory about SIRENs (9 digits, already checked), through the cache. Never throws on an expected
 * failure (it answers `unavailable`). Implemented by `src/domain/directory/`.
 */
export type DirectoryLookup = (siren: string) => Promise<DirectoryAnswer>;

/**
 * The first line able to receive (status `Enabled`: not `Disabled`, nor `Upcoming`, whose platform starts later) for
 * the SIREN as a whole (no SIRET, routing code or suffix), else the first enabled line.
 */
export function sirenLevelLine(entry: DirectoryEntry): DirectoryLine | undefined {
  const enabled = entry.lines.filter((line) => line.status.toLowerCase() === 'enabled');
  return enabled.find((line) => !line.siret && !line.routing_code && !line.suffix) ?? enabled[0];
}
