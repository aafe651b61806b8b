/**
 * What a service does before it listens so that the first never-seen package a new process serves costs what
 * the next ones do: the extraction threads started and past compiling their code, the HTTP client loaded.
 */
import { warmUpStreamedExtraction } from './extract/streamedExtraction.ts';
import { warmUpExtraction } from './extract/extractThreads.ts';
import { warmUpUpstream } from './upstream/warmUp.ts';

export async function warmUpPackageLayer(): Promise<void> {
  await Promise.all([warmUpExtraction(), warmUpStreamedExtraction(), warmUpUpstream()]);
}
