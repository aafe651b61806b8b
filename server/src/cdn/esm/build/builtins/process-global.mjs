// Injected where a package reads the free `process` global (left out of builds that never do): the same
// production browser environment as the stand-in for `require('process')`, defined once in process.cjs.
// It also carries the other free globals a page may lack (`SharedArrayBuffer`, `Buffer`), each part of a build
// only where the package reads it.
import process from './process.cjs';

export { process };
export { SharedArrayBuffer } from './shared-array-buffer-global.mjs';
export { Buffer } from './buffer-global.mjs';
