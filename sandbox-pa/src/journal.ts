/**
 * The standalone sandbox's `--data-dir DIR` (src/main.ts): its state (src/memory-state.ts) as two JSON Lines files.
 * `snapshot.jsonl` is the state at the last start, replaced atomically (written to a temporary file, fsynced, then
 * renamed over); `journal.jsonl` gets one line per change since, appended synchronously before the change is
 * visible to a client. A start replays the snapshot then the journal (each record is whole flows and scripts, so
 * replaying a journal over the snapshot it produced ends in the same state), writes a new snapshot and empties the
 * journal. A last line cut short (the machine, not the process, stopped mid-write) is ignored.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ScriptRun, StoredFlow } from './state.ts';
import type { Flow } from './types.ts';

/** One change: flows stored (new or replaced whole), metadata replaced, scripts set, scripts finished. */
export interface JournalRecord {
  flows?: StoredFlow[];
  metas?: Flow[];
  scripts?: ScriptRun[];
  finished?: string[];
}

/** Where the memory state writes its changes. */
export interface StateJournal {
  /** The records kept so far, oldest first. */
  replay(): JournalRecord[];
  /** Replaces the files by `records` (the whole state) and an empty journal. */
  compact(records: JournalRecord[]): void;
  /** Appends `record`; returns once the operating system holds it (a killed process loses nothing). */
  write(record: JournalRecord): void;
  close(): void;
}

const SNAPSHOT = 'snapshot.jsonl';
const JOURNAL = 'journal.jsonl';

/** A record as one JSON line: originals in base64. */
function encode(record: JournalRecord): string {
  const flows = record.flows?.map((entry) => ({ ...entry, original: entry.original.toString('base64') }));
  return `${JSON.stringify({ ...record, ...(flows ? { flows } : {}) })}\n`;
}

function decode(line: string): JournalRecord {
  const record = JSON.parse(line) as Omit<JournalRecord, 'flows'> & { flows?: Array<Omit<StoredFlow, 'original'> & { original: string }> };
  return { ...record, flows: record.flows?.map((entry) => ({ ...entry, original: Buffer.from(entry.original, 'base64') })) };
}

function readLines(path: string): JournalRecord[] {
  if (!existsSync(path)) return [];
  const records: JournalRecord[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(decode(line));
    } catch {
      break; // a torn last line: what follows it cannot have been written after it
    }
  }
  return records;
}

/** Opens (creating) the data directory `dir`. @throws Error naming `dir` when it cannot be created or written. */
export function openJournal(dir: string): StateJournal {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new Error(`--data-dir ${dir}: ${(error as Error).message}`);
  }
  const journalPath = join(dir, JOURNAL);
  let fd: number | undefined;
  return {
    replay: () => [...readLines(join(dir, SNAPSHOT)), ...readLines(journalPath)],
    compact(records) {
      const temporary = join(dir, `${SNAPSHOT}.tmp`);
      const out = openSync(temporary, 'w');
      for (const record of records) writeSync(out, encode(record));
      fsyncSync(out);
      closeSync(out);
      renameSync(temporary, join(dir, SNAPSHOT));
      // Only once the snapshot holds everything is the journal emptied.
      if (fd !== undefined) closeSync(fd);
      fd = openSync(journalPath, 'w');
    },
    write(record) {
      if (fd === undefined) fd = openSync(journalPath, 'a');
      writeSync(fd, encode(record));
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
