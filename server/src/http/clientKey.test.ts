import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressKey, createClientKey } from './clientKey.ts';

const edge = { provider: 'x-edge-provider', country: 'x-edge-country', trustedProxies: ['10.1.0.0/16'], secret: 'the-secret', secretHeader: 'x-edge-secret' };
const request = (address: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress: address } });

test('a client is its connection address unless the trusted edge names it', () => {
  const key = createClientKey(edge);
  assert.equal(key(request('192.0.2.5')), '192.0.2.5');
  assert.equal(key(request('::ffff:192.0.2.5')), '192.0.2.5');
  assert.equal(key(request('192.0.2.5', { 'x-forwarded-for': '198.51.100.1' })), '192.0.2.5', 'anyone can write the header');
  assert.equal(key(request('192.0.2.5', { 'x-forwarded-for': '198.51.100.1', 'x-edge-secret': 'wrong' })), '192.0.2.5');
  assert.equal(key(request('192.0.2.5', { 'x-forwarded-for': '198.51.100.1, 10.1.0.3', 'x-edge-secret': 'the-secret' })), '198.51.100.1');
  assert.equal(key(request('10.1.4.4', { 'x-forwarded-for': '198.51.100.2' })), '198.51.100.2', 'from a trusted proxy address');
  assert.equal(key(request('10.1.4.4', { 'x-forwarded-for': 'not an address' })), '10.1.4.4');
});

test('an IPv6 client is keyed by its /64', () => {
  assert.equal(addressKey('2001:db8:aa:bb:1:2:3:4'), '2001:db8:aa:bb::/64');
  assert.equal(addressKey('2001:db8:aa:bb::9'), '2001:db8:aa:bb::/64');
  assert.equal(addressKey('2001:0db8::1'), '2001:db8:0:0::/64');
  assert.equal(addressKey('::1'), '0:0:0:0::/64');
});
