/** The two kinds of captcha check: the self-hosted proof of work, and siteverify against a loopback verifier. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Challenge } from 'altcha-lib';
import { solvedPayload } from '../testing/solveCaptcha.ts';
import { startRecordingServer, type RecordingServer } from '../testing/recordingServer.ts';
import { createAltchaVerifier } from './altcha.ts';
import { createSiteverifyVerifier } from './siteverify.ts';

const servers: RecordingServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

test('proof of work: a solved challenge passes once; forged, replayed or foreign payloads fail', async () => {
  const verifier = createAltchaVerifier({ hmacKey: 'k', challengeUrl: 'http://purge.test/captcha/challenge', maxCounter: 2000 });
  assert.deepEqual(verifier.widget, { kind: 'altcha', challengeUrl: 'http://purge.test/captcha/challenge' });
  const payload = await solvedPayload((await verifier.challenge()) as Challenge);
  assert.equal(await verifier.verify(payload, '127.0.0.1'), true);
  assert.equal(await verifier.verify(payload, '127.0.0.1'), false, 'a payload is accepted once');

  const other = createAltchaVerifier({ hmacKey: 'another key', challengeUrl: 'x', maxCounter: 2000 });
  const foreign = await solvedPayload((await other.challenge()) as Challenge);
  assert.equal(await verifier.verify(foreign, '127.0.0.1'), false, 'signed with another key');

  const decoded = JSON.parse(Buffer.from(await solvedPayload((await verifier.challenge()) as Challenge), 'base64').toString()) as {
    solution: { derivedKey: string };
  };
  decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  assert.equal(await verifier.verify(Buffer.from(JSON.stringify(decoded)).toString('base64'), '127.0.0.1'), false, 'a made-up solution');
  assert.equal(await verifier.verify('not a payload', '127.0.0.1'), false);
  assert.equal(await verifier.verify('', '127.0.0.1'), false);
});

test('siteverify: posts secret, token and client address as a form and trusts only success=true', async () => {
  const server = await startRecordingServer((request) => {
    const form = new URLSearchParams(request.body);
    return { status: 200, body: { success: form.get('response') === 'good-token', 'error-codes': [] } };
  });
  servers.push(server);
  const verifier = createSiteverifyVerifier({ kind: 'turnstile', secret: 's3cret', siteKey: 'site', verifyUrl: `${server.url}/siteverify`, timeoutMs: 2000 });
  assert.equal(verifier.widget.kind, 'turnstile');
  assert.equal(await verifier.verify('good-token', '203.0.113.9'), true);
  assert.equal(await verifier.verify('bad-token', '203.0.113.9'), false);
  const form = new URLSearchParams(server.requests[0]!.body);
  assert.equal(server.requests[0]!.method, 'POST');
  assert.equal(server.requests[0]!.path, '/siteverify');
  assert.match(String(server.requests[0]!.headers['content-type']), /application\/x-www-form-urlencoded/);
  assert.deepEqual(Object.fromEntries(form), { secret: 's3cret', response: 'good-token', remoteip: '203.0.113.9' });
  assert.equal(await verifier.verify('', '203.0.113.9'), false, 'an empty token is refused without a call');
  assert.equal(server.requests.length, 2);
});

test('siteverify: an unreachable or failing verifier refuses the purge', async () => {
  const server = await startRecordingServer(() => ({ status: 500, body: { success: true } }));
  servers.push(server);
  const failing = createSiteverifyVerifier({ kind: 'recaptcha', secret: 's', siteKey: 'k', verifyUrl: server.url, timeoutMs: 2000 });
  assert.equal(await failing.verify('token', '127.0.0.1'), false);
  const down = createSiteverifyVerifier({ kind: 'hcaptcha', secret: 's', siteKey: 'k', verifyUrl: 'http://127.0.0.1:1/siteverify', timeoutMs: 2000 });
  assert.equal(await down.verify('token', '127.0.0.1'), false);
});
