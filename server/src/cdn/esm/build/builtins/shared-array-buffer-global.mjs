// Injected, through process-global.mjs, where a package reads the free `SharedArrayBuffer` global (left out of
// builds that never do: the choice below is marked pure, so an unused one is dropped). A page
// that is not cross-origin isolated has no such global, yet packages read it while they load
// (webidl-conversions takes `SharedArrayBuffer.prototype`'s byteLength getter to recognise one). The page's
// own class where it has one; else the constructor of a shared WebAssembly memory's buffer where the browser
// still makes those; else a class of the same shape that no value is an instance of and that cannot be made.
// `typeof SharedArrayBuffer` is left to tell the truth (`packagePlugin.ts` reads it from globalThis), so feature
// checks still take their fallback.
function sharedMemoryClass() {
  try {
    return new WebAssembly.Memory({ initial: 0, maximum: 0, shared: true }).buffer.constructor;
  } catch {
    return undefined;
  }
}

function standIn() {
  const notShared = () => {
    throw new TypeError('Receiver is not a SharedArrayBuffer: this page is not cross-origin isolated, so it has none.');
  };
  class SharedArrayBuffer {
    constructor() {
      throw new TypeError(
        'SharedArrayBuffer is only available on a cross-origin isolated page (Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers).',
      );
    }
    get byteLength() {
      return notShared();
    }
    get growable() {
      return notShared();
    }
    get maxByteLength() {
      return notShared();
    }
    grow() {
      return notShared();
    }
    slice() {
      return notShared();
    }
  }
  Object.defineProperty(SharedArrayBuffer.prototype, Symbol.toStringTag, { value: 'SharedArrayBuffer', configurable: true });
  return SharedArrayBuffer;
}

function pick() {
  return globalThis.SharedArrayBuffer ?? sharedMemoryClass() ?? standIn();
}

const found = /* @__PURE__ */ pick();

export { found as SharedArrayBuffer };
