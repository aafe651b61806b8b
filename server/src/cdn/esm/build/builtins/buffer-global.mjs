// Injected, through process-global.mjs, where a package reads the free `Buffer` global (tar, and code written
// for Node that never requires 'buffer'): the class of the `buffer` built-in's polyfill build, imported from
// this CDN as every package imports it, so a page holds one Buffer. `packagePlugin.ts` resolves the import
// below to that build and marks it free of side effects, so a build that never reads `Buffer` drops it;
// `typeof Buffer` in package code still asks the page, so a check for Node keeps its browser path.
import { Buffer } from 'buffer';

export { Buffer };
