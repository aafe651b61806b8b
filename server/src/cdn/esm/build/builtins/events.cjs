// Browser stand-in for Node's "events": EventEmitter with the methods packages use.
'use strict';
function EventEmitter() {
  this._events = Object.create(null);
  this._maxListeners = undefined;
}
EventEmitter.prototype._list = function (name) {
  if (!this._events) this._events = Object.create(null);
  return this._events[name] || (this._events[name] = []);
};
EventEmitter.prototype.on = EventEmitter.prototype.addListener = function (name, listener) {
  if (typeof listener !== 'function') throw new TypeError('The "listener" argument must be a function');
  this._list(name).push(listener);
  return this;
};
EventEmitter.prototype.prependListener = function (name, listener) {
  this._list(name).unshift(listener);
  return this;
};
EventEmitter.prototype.once = function (name, listener) {
  const wrapper = (...args) => {
    this.off(name, wrapper);
    return listener.apply(this, args);
  };
  wrapper.listener = listener;
  return this.on(name, wrapper);
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener = function (name, listener) {
  const list = this._events && this._events[name];
  if (!list) return this;
  const i = list.findIndex((l) => l === listener || l.listener === listener);
  if (i !== -1) list.splice(i, 1);
  return this;
};
EventEmitter.prototype.removeAllListeners = function (name) {
  if (name === undefined) this._events = Object.create(null);
  else if (this._events) delete this._events[name];
  return this;
};
EventEmitter.prototype.emit = function (name, ...args) {
  const list = this._events && this._events[name];
  if (!list || list.length === 0) {
    if (name === 'error') throw args[0] instanceof Error ? args[0] : new Error('Unhandled error event');
    return false;
  }
  for (const listener of list.slice()) listener.apply(this, args);
  return true;
};
EventEmitter.prototype.listeners = function (name) {
  return ((this._events && this._events[name]) || []).map((l) => l.listener || l);
};
EventEmitter.prototype.listenerCount = function (name) {
  return ((this._events && this._events[name]) || []).length;
};
EventEmitter.prototype.eventNames = function () {
  return this._events ? Object.keys(this._events).filter((k) => this._events[k].length > 0) : [];
};
EventEmitter.prototype.setMaxListeners = function (n) {
  this._maxListeners = n;
  return this;
};
EventEmitter.prototype.getMaxListeners = function () {
  return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
};
EventEmitter.defaultMaxListeners = 10;
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.once = function (emitter, name) {
  return new Promise((resolve) => emitter.once(name, (...args) => resolve(args)));
};
module.exports = EventEmitter;
