// Injected where a package reads the free `process` global (left out of builds that never do): the same
// production browser environment as the stand-in for `require('process')`, defined once in process.cjs.
import process from './process.cjs';

export { process };
