/** An environment variable has an invalid value; the message names it (and never echoes a secret). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
