/**
 * A gauge of one label whose series are read when `/metrics` is scraped, not set as the figures change: what
 * each in-memory cache holds, what each kind of thread's heap takes. Series that are gone by a scrape go with it.
 */
import { Gauge, type Registry } from 'prom-client';

export interface ScrapedGaugeOptions {
  name: string;
  help: string;
  label: string;
  /** Each series: its label's value and its figure. */
  read(): Iterable<readonly [string, number]>;
}

export function scrapedGauge(registry: Registry, { name, help, label, read }: ScrapedGaugeOptions): void {
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, figure] of read()) this.set({ [label]: value }, figure);
    },
  });
}
