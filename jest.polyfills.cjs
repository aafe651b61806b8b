// Runs before the test framework: globals that jsdom lacks but the code under test needs.
// react-router reads TextEncoder/TextDecoder, which jsdom does not provide.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
