// VALIDATION_ENGINE (src/validation/engine-choice.ts, src/app/config.ts): auto picks Saxon-HE only when Java
// and the jar are there and says why it did not otherwise; saxon-he without them is refused at start.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { chooseEngine } from '../../../src/validation/engine-choice.ts';

const dir = mkdtempSync(join(tmpdir(), 'engine-choice-'));
const fakeJava = join(dir, 'bin', 'java');
const jar = join(dir, 'Saxon-HE.jar');
writeFileSync(jar, '');
const emptyPath = { PATH: join(dir, 'nothing-here') };

describe('chooseEngine', () => {
  it('takes saxon-js when told, whatever is installed', () => {
    expect(chooseEngine('saxon-js')).toMatchObject({ engine: 'saxon-js', reason: 'VALIDATION_ENGINE=saxon-js' });
  });

  it.each([
    ['no java', { env: emptyPath, jar }, /auto: no java on PATH/],
    [
      'no jar',
      { env: { JAVA_HOME: '/usr/lib/jvm/default-java', PATH: '/usr/bin' }, jar: join(dir, 'missing.jar') },
      /auto: (no Saxon-HE jar at|no java)/,
    ],
  ])('auto falls back to saxon-js with the reason (%s)', (_, options, reason) => {
    const choice = chooseEngine('auto', options);
    expect(choice.engine).toBe('saxon-js');
    expect(choice.reason).toMatch(reason);
  });

  it('auto takes saxon-he when JAVA_HOME/bin/java and the jar exist', () => {
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(fakeJava, '');
    expect(chooseEngine('auto', { env: { JAVA_HOME: dir, PATH: '' }, jar })).toMatchObject({ engine: 'saxon-he', java: fakeJava, jar });
  });

  it('refuses saxon-he without Java', () => {
    expect(() => chooseEngine('saxon-he', { env: emptyPath, jar })).toThrow(/VALIDATION_ENGINE=saxon-he, but no java/);
  });
});

describe('VALIDATION_ENGINE', () => {
  it.each([
    [undefined, 'auto'],
    ['auto', 'auto'],
    ['saxon-he', 'saxon-he'],
    ['saxon-js', 'saxon-js'],
  ])('%s reads as %s', (raw, engine) => {
    expect(loadConfig(raw === undefined ? {} : { VALIDATION_ENGINE: raw }).validationEngine).toBe(engine);
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadConfig({ VALIDATION_ENGINE: 'xalan' })).toThrow(/VALIDATION_ENGINE must be/);
  });
});
