/**
 * Gzip and brotli variants of served files: compressed once per content (the key is the SHA-256 of the
 * bytes, so the same file in many versions is compressed once) and served from disk many times.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from '../http/conditional.ts';
import type { Artifact, ArtifactStore } from './artifactStore.ts';
import { readStored } from '../../packages/storedFile.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files past this size are compressed with cheaper settings so the first request does not wait long. */
const LARGE = 2 * 1024 * 1024;

async function compress(content: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(content, { level: 9 });
  return brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: content.length > LARGE ? 6 : 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

export class CompressedVariants {
  constructor(private readonly artifacts: ArtifactStore) {}

  /** The compressed variant of a file, or null when compression would not make it smaller. */
  async get(source: Artifact, encoding: Encoding): Promise<Artifact | null> {
    const set = await this.artifacts.get(encoding, source.sha256, async () => {
      const content = await readStored(source);
      const packed = await compress(content, encoding);
      // An empty part records "not worth it", so the decision is made once too.
      return { data: packed.length < content.length ? packed : Buffer.alloc(0) };
    });
    const data = set['data'];
    return data && data.size > 0 ? data : null;
  }
}
