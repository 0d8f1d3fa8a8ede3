/**
 * The validator's warm-up at gateway start, run by createValidator (index.ts) for both engines and reported by
 * `GET /ready` (src/http/probes.ts, field `validation`). Why: a cold engine makes the first document after a start
 * pay the whole load (SaxonJS parsing its SEF files, Saxon-HE compiling the stylesheets; docs/performance.md,
 * "First document after a start"). It runs the UBL path once on an official EN 16931 example in the background
 * once the server listens: the API answers meanwhile and documents submitted meanwhile wait for the same load.
 * The state is the start's: a Saxon-HE JVM restarted later compiles again on its first document, still `warm`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artefactsRoot } from './artefacts.ts';

/** `cold`: nothing loaded yet; `warming`: loading; `warm`: the UBL path ran once; `failed`: loading failed (logged). */
export type WarmState = 'cold' | 'warming' | 'warm' | 'failed';

/** A warm-up: `warm()` starts it once (later calls return the same promise) and never rejects; `state()` tells. */
export interface WarmUp {
  warm(): Promise<void>;
  state(): WarmState;
}

/** The document the warm-up validates: an official EN 16931 UBL example, a full XSD + EN 16931 + BR-FR pass. */
export function warmUpDocument(root: string = artefactsRoot()): string {
  return readFileSync(join(root, 'examples', 'en16931-ubl', 'guide-example1.xml'), 'utf8');
}

/**
 * A warm-up running `load` (which loads the engine and validates warmUpDocument). Logs
 * `validation warm in <ms> ms (<engine>)` when done, or the error.
 */
export function createWarmUp(engine: string, load: () => Promise<unknown>, log?: (message: string) => void): WarmUp {
  let state: WarmState = 'cold';
  let running: Promise<void> | undefined;
  return {
    state: () => state,
    warm() {
      running ??= (async () => {
        state = 'warming';
        const started = performance.now();
        try {
          await load();
          state = 'warm';
          log?.(`validation warm in ${Math.round(performance.now() - started)} ms (${engine})`);
        } catch (error) {
          state = 'failed';
          log?.(`validation warm-up failed (${engine}): ${(error as Error).message}`);
        }
      })();
      return running;
    },
  };
}
