// The directory cache's queries (table directory_entries, migration 0015): called by directory-service.ts only.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directoryEntries } from '../../db/schema.ts';
import type { DirectoryEntry, DirectoryLine } from '../../model/directory.ts';

/** The stored `entry` column: the entry without its SIREN and time (those are columns). */
interface StoredEntry {
  registered: boolean;
  lines: DirectoryLine[];
}

/** The cached entry of `siren` with its age in seconds (by the database's clock), or undefined. */
export async function readCachedEntry(db: Executor, siren: string): Promise<{ entry: DirectoryEntry; ageSeconds: number } | undefined> {
  const [row] = await db
    .select({
      entry: directoryEntries.entry,
      checkedAt: directoryEntries.checkedAt,
      age: sql<string>`extract(epoch from (now() - ${directoryEntries.checkedAt}))`,
    })
    .from(directoryEntries)
    .where(eq(directoryEntries.siren, siren));
  if (!row) return undefined;
  const stored = row.entry as StoredEntry;
  return {
    entry: { siren, registered: stored.registered, lines: stored.lines ?? [], checked_at: row.checkedAt.toISOString() },
    ageSeconds: Number(row.age),
  };
}

/** Stores (or replaces) the entry of `entry.siren`, checked now; returns it with the stored `checked_at`. */
export async function saveEntry(db: Executor, entry: DirectoryEntry): Promise<DirectoryEntry> {
  const stored: StoredEntry = { registered: entry.registered, lines: entry.lines };
  const [row] = await db
    .insert(directoryEntries)
    .values({ siren: entry.siren, entry: stored })
    .onConflictDoUpdate({ target: directoryEntries.siren, set: { entry: stored, checkedAt: sql`now()` } })
    .returning({ checkedAt: directoryEntries.checkedAt });
  return { ...entry, checked_at: row!.checkedAt.toISOString() };
}
