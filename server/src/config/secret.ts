/**
 * A credential held by the configuration. Whatever prints or serialises the configuration (a log line, a dump,
 * an error's details) sees `[redacted]`: only the code that sends it to its upstream asks for the value.
 */
import { inspect } from 'node:util';

const REDACTED = '[redacted]';

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The value itself, for the one request header it belongs in. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
