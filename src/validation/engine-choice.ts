/**
 * Which engine runs the official artefacts: Saxon-HE on the JVM (saxon-he/) when Java and
 * Saxon-HE's jar are on the machine, else SaxonJS in worker threads. Read by createValidator (index.ts)
 * and by `serve`, which logs the choice and its reason (`VALIDATION_ENGINE`, docs/configuration.md).
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An engine. */
export type EngineName = 'saxon-he' | 'saxon-js';
/** `VALIDATION_ENGINE`: an engine, or `auto` (Saxon-HE when it can run, else SaxonJS). */
export type EngineSetting = 'auto' | EngineName;

/** Debian's libsaxonhe-java (Saxon-HE 9.9.1.5, MPL 2.0). */
export const DEFAULT_SAXON_HE_JAR = '/usr/share/java/Saxon-HE.jar';

/** The engine chosen, why, and for Saxon-HE the `java` and jar it runs. */
export interface EngineChoice {
  engine: EngineName;
  reason: string;
  java?: string;
  jar?: string;
}

/** `$JAVA_HOME/bin/java`, else the first `java` on `$PATH`; undefined when there is none. */
export function findJava(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    ...(env.JAVA_HOME ? [join(env.JAVA_HOME, 'bin', 'java')] : []),
    ...(env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'java')),
  ];
  return candidates.find((path) => existsSync(path));
}

/**
 * Resolves a setting: `saxon-js` always; `saxon-he` and `auto` look for Java (findJava) and the jar (`jar`,
 * default DEFAULT_SAXON_HE_JAR). `auto` falls back to SaxonJS with the reason.
 * @throws Error for `saxon-he` when Java or the jar is missing.
 */
export function chooseEngine(setting: EngineSetting, options: { jar?: string; env?: NodeJS.ProcessEnv } = {}): EngineChoice {
  if (setting === 'saxon-js') return { engine: 'saxon-js', reason: 'VALIDATION_ENGINE=saxon-js' };
  const jar = options.jar ?? DEFAULT_SAXON_HE_JAR;
  const java = findJava(options.env);
  const missing = !java
    ? 'no java on PATH (nor JAVA_HOME); apt-get install default-jre-headless'
    : !existsSync(jar)
      ? `no Saxon-HE jar at ${jar}; apt-get install libsaxonhe-java`
      : undefined;
  if (missing) {
    if (setting === 'saxon-he') throw new Error(`VALIDATION_ENGINE=saxon-he, but ${missing}`);
    return { engine: 'saxon-js', reason: `auto: ${missing}` };
  }
  return { engine: 'saxon-he', reason: `${setting === 'auto' ? 'auto: ' : ''}${java} and ${jar} found`, java, jar };
}
