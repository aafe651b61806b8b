// Browser stand-in for Node's "console": Node's module is the global console, and so is the browser's.
'use strict';
module.exports = globalThis.console;
