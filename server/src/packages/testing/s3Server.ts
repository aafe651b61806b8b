/**
 * Test support: an S3-compatible server (s3rver) on loopback with one empty bucket, in a private folder, and
 * a client to look at or tamper with what the origins put there. The origins reach it with the credentials
 * s3rver accepts, through the AWS SDK's usual environment variables.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { until } from '../../testing/until.ts';

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** SKYLIFT_* variables that point a store at this bucket under `prefix`. */
  env(prefix: string): Record<string, string>;
  keys(prefix: string): Promise<string[]>;
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer): Promise<void>;
  /** Resolves when an object under `prefix` has a key ending with `suffix` (uploads are in the background). */
  waitFor(prefix: string, suffix: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** s3rver's built-in credentials. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startTestBucket(bucket = 'skylift-files'): Promise<TestBucket> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keys = async (prefix: string): Promise<string[]> => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) out.push(item.Key);
      token = page.NextContinuationToken;
    } while (token);
    return out.sort();
  };
  return {
    endpoint,
    bucket,
    env: (prefix) => ({ SKYLIFT_S3_BUCKET: bucket, SKYLIFT_S3_ENDPOINT: endpoint, SKYLIFT_S3_PREFIX: prefix }),
    keys,
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async waitFor(prefix, suffix, timeoutMs = 10_000) {
      return until(async () => (await keys(prefix)).find((key) => key.endsWith(suffix)), {
        message: `an object ending with ${suffix} under ${prefix}`,
        timeoutMs,
      });
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
