/**
 * An S3-compatible bucket, object by object: what the shared file cache (`sharedBucket.ts`) and the CDN's kept
 * module builds (`../../cdn/esm/store/pinnedStore.ts`) read and write. Every key is under the configured prefix;
 * every request has the configured time limit. The SDK is large: it is loaded only by the processes configured
 * to use a bucket.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { SharedFilesConfig } from '../../config/config.ts';

/** An object longer than the caller allows: not read at all. */
export class OversizedObject extends Error {}

export interface BucketClient {
  /** An object's bytes, null when absent; throws OversizedObject past `maxBytes`. */
  get(key: string, maxBytes: number): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  close(): Promise<void>;
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function bucketClient(config: SharedFilesConfig): BucketClient {
  const sdk = import('@aws-sdk/client-s3').then((module) => ({
    ...module,
    client: new module.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      maxAttempts: 2,
      // Checksums on every request are an AWS extension that several S3-compatible servers reject; contents are
      // checked against their SHA-256 by the callers anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }) as S3Client,
  }));
  // A failed load shows in each request's error (counted and logged there), not as an unhandled rejection.
  sdk.catch(() => undefined);
  const signal = (): AbortSignal => AbortSignal.timeout(config.timeoutMs);
  const objectKey = (key: string): string => `${config.prefix}${key}`;
  return {
    async get(key, maxBytes) {
      const { client, GetObjectCommand } = await sdk;
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }), { abortSignal: signal() });
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      if (!answer.Body) return Buffer.alloc(0);
      if ((answer.ContentLength ?? 0) > maxBytes) {
        (answer.Body as { destroy?: () => void }).destroy?.();
        throw new OversizedObject(`${key} is larger than it may be`);
      }
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async exists(key) {
      const { client, HeadObjectCommand } = await sdk;
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }), { abortSignal: signal() });
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async put(key, body, contentType) {
      const { client, PutObjectCommand } = await sdk;
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: body.length }),
        { abortSignal: signal() },
      );
    },
    async close() {
      (await sdk.catch(() => null))?.client.destroy();
    },
  };
}
