/**
 * The fan-out over Redis: this process joins the fleet's purges, and a second connection plays another
 * process of the fleet (it answers purges like a process holding three stores, and sends one of its own).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PackageRef } from '../packages/types.ts';
import { openSharedState } from '../fleetState/index.ts';
import { RedisState } from '../fleetState/redisState.ts';
import { startTestRedis, type TestRedis } from '../fleetState/testing/redisServer.ts';
import { connectFanout, expireOnPurge, publishPurge } from './fanout.ts';
import { until } from '../testing/until.ts';

let redis: TestRedis;
let here: RedisState;
let peer: RedisState;
before(async () => {
  redis = await startTestRedis();
  [here, peer] = [await RedisState.open(redis.url), await RedisState.open(redis.url)];
});
after(async () => {
  await Promise.all([here.close(), peer.close()]);
  await redis.stop();
});

test("a purge reaches this process's stores and every other process over Redis, and counts every holder that forgot", async () => {
  const disconnect = await connectFanout(here);
  const expired: string[] = [];
  const stop = expireOnPurge({ expire: async (ref: PackageRef) => void expired.push(`${ref.type}:${ref.name}`) });
  const heardByPeer: PackageRef[][] = [];
  const stopPeer = await peer.subscribe('purge', (raw) => {
    const message = JSON.parse(raw) as { id: string; replyTo: string; refs: PackageRef[] };
    heardByPeer.push(message.refs);
    void peer.publish(message.replyTo, JSON.stringify({ id: message.id, count: 3 }));
  });

  assert.equal(await publishPurge([{ type: 'npm', name: 'jquery' }]), 4, 'one holder here, three in the other process');
  assert.deepEqual(expired, ['npm:jquery']);
  assert.deepEqual(heardByPeer, [[{ type: 'npm', name: 'jquery' }]]);

  // A purge sent by the other process reaches the store here, which answers on the sender's reply channel.
  const answers: Array<{ id: string; count: number }> = [];
  const stopReplies = await peer.subscribe('purge-reply:peer', (raw) => answers.push(JSON.parse(raw) as { id: string; count: number }));
  await peer.publish('purge', JSON.stringify({ id: 'from-peer', replyTo: 'purge-reply:peer', refs: [{ type: 'gh', name: 'u/r' }] }));
  await until(() => answers.length >= 2, { message: 'both processes to answer the purge' });
  assert.deepEqual(expired, ['npm:jquery', 'gh:u/r']);
  // Every process answers, the sender's own included (its three holders).
  assert.deepEqual(
    answers.sort((x, y) => x.count - y.count),
    [
      { id: 'from-peer', count: 1 },
      { id: 'from-peer', count: 3 },
    ],
  );

  await Promise.all([stopPeer(), stopReplies()]);
  stop();
  await disconnect();
  // Left the fleet: back to this process alone.
  assert.equal(await publishPurge([{ type: 'npm', name: 'x' }]), 0);
  assert.equal(expired.length, 2);
});

test('while Redis is away, a purge still reaches the stores of this process', async () => {
  const failures: string[] = [];
  const state = await openSharedState(redis.url, (operation) => failures.push(operation));
  const disconnect = await connectFanout(state);
  const expired: string[] = [];
  const stop = expireOnPurge({ expire: async (ref: PackageRef) => void expired.push(ref.name) });
  await redis.kill();
  assert.equal(await publishPurge([{ type: 'npm', name: 'during-outage' }]), 1);
  assert.deepEqual(expired, ['during-outage']);
  assert.ok(failures.includes('publish'));
  stop();
  await disconnect();
  await state.close();
  await redis.start();
});
