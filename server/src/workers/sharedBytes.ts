/**
 * Bytes put together in shared memory, for bytes that go to another thread or come from one: posted, shared
 * memory is handed over as it is, where other bytes are copied out of the sender and again into the receiver.
 * A never-seen version's files (to the serving thread, then to the blob-writing thread), a package document
 * of megabytes or an archive unpacked whole (to their threads) then cost the serving thread no copy on the way.
 */

/**
 * Taken when the module loads, as Node's own modules take their intrinsics: code that later removes the global
 * (the builds' tests emulate a page without it, in this process) does not reach what is made here.
 */
const SharedMemory = globalThis.SharedArrayBuffer;

export function sharedBytes(chunks: readonly Uint8Array[], total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)): Buffer {
  const bytes = Buffer.from(new SharedMemory(total));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Whether bytes are in shared memory, which some consumers refuse (WebCrypto). */
export function isShared(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof SharedMemory;
}
