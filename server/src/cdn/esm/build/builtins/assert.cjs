// Browser stand-in for Node's "assert" (and "assert/strict"): the checks packages make at run time, with
// the AssertionError they throw. Deep equality compares own enumerable keys, arrays, dates, maps and sets.
'use strict';
class AssertionError extends Error {
  constructor(options) {
    super(options.message || `${String(options.actual)} ${options.operator} ${String(options.expected)}`);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
    this.generatedMessage = !options.message;
  }
}
function fail(actual, expected, message, operator) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ actual, expected, message, operator });
}
function deepEqual(a, b, strict, seen = new Map()) {
  if (strict ? Object.is(a, b) : a == b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) if (!b.has(v)) return false;
    return true;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k], strict, seen));
}
function matches(error, expected) {
  if (expected === undefined) return true;
  if (typeof expected === 'function')
    return expected.prototype !== undefined && error instanceof expected ? true : expected.prototype === undefined && expected(error) === true;
  if (expected instanceof RegExp) return expected.test(String(error && error.message !== undefined ? error.message : error));
  return Object.keys(expected).every((k) => (expected[k] instanceof RegExp ? expected[k].test(error[k]) : deepEqual(error[k], expected[k], true)));
}
function make(strict) {
  const assert = (value, message) => assert.ok(value, message);
  Object.assign(assert, {
    AssertionError,
    ok: (value, message) => value || fail(value, true, message, '=='),
    fail: (message) => fail(undefined, undefined, message || 'Failed', 'fail'),
    equal: (a, b, message) => (strict ? Object.is(a, b) : a == b) || fail(a, b, message, strict ? 'strictEqual' : '=='),
    notEqual: (a, b, message) => (strict ? !Object.is(a, b) : a != b) || fail(a, b, message, strict ? 'notStrictEqual' : '!='),
    strictEqual: (a, b, message) => Object.is(a, b) || fail(a, b, message, 'strictEqual'),
    notStrictEqual: (a, b, message) => !Object.is(a, b) || fail(a, b, message, 'notStrictEqual'),
    deepEqual: (a, b, message) => deepEqual(a, b, strict) || fail(a, b, message, 'deepEqual'),
    notDeepEqual: (a, b, message) => !deepEqual(a, b, strict) || fail(a, b, message, 'notDeepEqual'),
    deepStrictEqual: (a, b, message) => deepEqual(a, b, true) || fail(a, b, message, 'deepStrictEqual'),
    notDeepStrictEqual: (a, b, message) => !deepEqual(a, b, true) || fail(a, b, message, 'notDeepStrictEqual'),
    ifError: (value) => {
      if (value !== null && value !== undefined) throw value;
    },
    throws(fn, expected, message) {
      try {
        fn();
      } catch (error) {
        if (!matches(error, expected)) throw error;
        return;
      }
      fail(undefined, expected, typeof expected === 'string' ? expected : message || 'Missing expected exception.', 'throws');
    },
    doesNotThrow: (fn) => fn(),
    async rejects(promise, expected, message) {
      try {
        await (typeof promise === 'function' ? promise() : promise);
      } catch (error) {
        if (!matches(error, expected)) throw error;
        return;
      }
      fail(undefined, expected, message || 'Missing expected rejection.', 'rejects');
    },
    async doesNotReject(promise) {
      await (typeof promise === 'function' ? promise() : promise);
    },
    match: (text, re, message) => re.test(text) || fail(text, re, message, 'match'),
    doesNotMatch: (text, re, message) => !re.test(text) || fail(text, re, message, 'doesNotMatch'),
  });
  return assert;
}
const assert = make(false);
assert.strict = make(true);
assert.strict.strict = assert.strict;
module.exports = assert;
