/**
 * Reading the package's CSV ranges into sorted typed arrays. Half a million lines take most of a second of
 * CPU, so this runs in a thread of its own (countryTablesWorker.ts), never on a thread that serves requests.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export interface Table<T> {
  starts: T;
  ends: T;
  codes: Uint16Array;
  length: number;
}

const encode = (code: string): number => (code.charCodeAt(0) << 8) | code.charCodeAt(1);
export const decode = (value: number): string => String.fromCharCode(value >> 8, value & 0xff);

async function readRanges<T extends Uint32Array | BigUint64Array>(
  file: string,
  make: (size: number) => T,
  parse: (text: string) => number | bigint,
): Promise<Table<T>> {
  let size = 1 << 16;
  let table: Table<T> = { starts: make(size), ends: make(size), codes: new Uint16Array(size), length: 0 };
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const [start, end, code] = line.split(',');
    if (!start || !end || !code || !/^[A-Z]{2}$/.test(code)) continue;
    if (table.length === size) {
      size *= 2;
      const grown: Table<T> = { starts: make(size), ends: make(size), codes: new Uint16Array(size), length: table.length };
      grown.starts.set(table.starts as never);
      grown.ends.set(table.ends as never);
      grown.codes.set(table.codes);
      table = grown;
    }
    table.starts[table.length] = parse(start) as never;
    table.ends[table.length] = parse(end) as never;
    table.codes[table.length] = encode(code);
    table.length += 1;
  }
  return table;
}

/** Both tables of a database folder: `{dir}/geo-whois-asn-country-ipv4-num.csv` and `-ipv6-num.csv`. */
export interface CountryTables {
  ipv4: Table<Uint32Array>;
  ipv6: Table<BigUint64Array>;
}

export async function readCountryTables(dir: string): Promise<CountryTables> {
  const [ipv4, ipv6] = await Promise.all([
    readRanges(path.join(dir, 'geo-whois-asn-country-ipv4-num.csv'), (n) => new Uint32Array(n), Number),
    // Only the first 64 bits of IPv6 ranges are kept: no allocation is finer than a /64.
    readRanges(
      path.join(dir, 'geo-whois-asn-country-ipv6-num.csv'),
      (n) => new BigUint64Array(n),
      (text) => BigInt(text) >> 64n,
    ),
  ]);
  return { ipv4, ipv6 };
}
