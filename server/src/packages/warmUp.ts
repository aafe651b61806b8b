/**
 * What a service does before it listens so that the first never-seen package a new process serves costs what
 * the next ones do: the extraction threads started and past compiling their code, the thread that writes a
 * version's files started (its start held the first version's serving thread some 20 ms), the HTTP client loaded.
 */
import { warmUpStreamedExtraction } from './extract/streamedExtraction.ts';
import { warmUpExtraction } from './extract/extractThreads.ts';
import { blobWriteThreads } from './storage/blobWriteThreads.ts';
import { warmUpUpstream } from './upstream/warmUp.ts';

export async function warmUpPackageLayer(): Promise<void> {
  await Promise.all([warmUpExtraction(), warmUpStreamedExtraction(), blobWriteThreads().warmUp(), warmUpUpstream()]);
}
