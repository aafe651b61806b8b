/**
 * The four stages a `+esm` request goes through, each entered once per build key (README): announced on a
 * diagnostics channel, so that a test or an operator's tracer can follow a request through the code. Nothing is
 * published while nobody listens.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import { BRAND } from '@skylift/shared/brand';

export type Stage = 'serve' | 'resolve' | 'store' | 'build';

export interface StageEntered {
  stage: Stage;
  /** The build's pinned URL (`resolve/buildKey.ts`, moduleUrl), or for `serve` and `resolve` the URL asked for. */
  url: string;
}

export const STAGE_CHANNEL = `${BRAND.name.toLowerCase()}:esm:stage`;

const channel = diagnosticsChannel.channel(STAGE_CHANNEL);

export function enterStage(stage: Stage, url: () => string): void {
  if (channel.hasSubscribers) channel.publish({ stage, url: url() } satisfies StageEntered);
}
