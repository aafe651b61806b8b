import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { backgroundCountryLookup, CountryDatabase } from './countryDatabase.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const ipv4 = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** A few ranges in the package's format; the real files have about half a million. */
function fixtureDir(): string {
  const dir = temporaryFolder('geo');
  fs.writeFileSync(
    path.join(dir, 'geo-whois-asn-country-ipv4-num.csv'),
    [
      `${ipv4('1.0.0.0')},${ipv4('1.0.0.255')},AU`,
      `${ipv4('5.0.0.0')},${ipv4('5.255.255.255')},DE`,
      `${ipv4('8.8.8.0')},${ipv4('8.8.8.255')},US`,
      'garbage line',
    ].join('\n'),
  );
  const high = (prefix: bigint) => (prefix << 64n).toString();
  const end = (prefix: bigint) => ((prefix << 64n) | 0xffffffffffffffffn).toString();
  fs.writeFileSync(path.join(dir, 'geo-whois-asn-country-ipv6-num.csv'), [`${high(0x2a00_1450_0000_0000n)},${end(0x2a00_1450_ffff_ffffn)},IE`].join('\n'));
  return dir;
}

test('public addresses get the country of their range; gaps, private and loopback addresses are unknown', async () => {
  const db = await CountryDatabase.load(fixtureDir());
  assert.equal(db.countryOf('1.0.0.7'), 'AU');
  assert.equal(db.countryOf('5.100.1.1'), 'DE');
  assert.equal(db.countryOf('8.8.8.8'), 'US');
  assert.equal(db.countryOf('::ffff:8.8.8.8'), 'US');
  assert.equal(db.countryOf('2a00:1450:4001:80b::200e'), 'IE');
  assert.equal(db.countryOf('4.4.4.4'), null);
  for (const local of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '172.20.0.1', '100.64.1.1', '169.254.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
    assert.equal(db.countryOf(local), null, local);
  }
  assert.equal(db.countryOf('not an address'), null);
  assert.equal(db.countryOf(undefined), null);
});

test('until the database has loaded, and if it cannot be, every address is unknown', async () => {
  const errors: unknown[] = [];
  const missing = backgroundCountryLookup(
    () => CountryDatabase.load('/nonexistent-geo-dir'),
    (error) => errors.push(error),
  );
  assert.equal(missing.countryOf('8.8.8.8'), null);
  await missing.ready;
  assert.equal(missing.countryOf('8.8.8.8'), null);
  assert.equal(errors.length, 1);
  const loading = backgroundCountryLookup(
    () => CountryDatabase.load(fixtureDir()),
    () => undefined,
  );
  assert.equal(loading.countryOf('8.8.8.8'), null);
  await loading.ready;
  assert.equal(loading.countryOf('8.8.8.8'), 'US');
});

test('the bundled database (half a million ranges) is read in a thread: the serving thread stays mostly idle meanwhile', async () => {
  const before = performance.eventLoopUtilization();
  const db = await CountryDatabase.load(CountryDatabase.packageDir());
  const busy = performance.eventLoopUtilization(before).utilization;
  assert.equal(db.countryOf('8.8.8.8'), 'US');
  // Read on this thread, the same load keeps it busy almost the whole time (utilization near 1).
  assert.ok(busy < 0.5, `this thread was busy ${Math.round(busy * 100)}% of the load`);
});
