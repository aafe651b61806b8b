// Browser stand-in for Node's "diagnostics_channel": named channels a package publishes to and tools subscribe
// to, in memory. Packages create their channels while they load (lru-cache, undici) and publish only when
// `hasSubscribers`, so with nobody subscribed nothing happens, as in Node.
'use strict';
const channels = new Map();

class Channel {
  constructor(name) {
    this.name = name;
    this._subscribers = [];
  }
  get hasSubscribers() {
    return this._subscribers.length > 0;
  }
  subscribe(onMessage) {
    if (typeof onMessage !== 'function') throw new TypeError('The "subscription" argument must be of type function');
    this._subscribers.push(onMessage);
  }
  unsubscribe(onMessage) {
    const index = this._subscribers.indexOf(onMessage);
    if (index === -1) return false;
    this._subscribers.splice(index, 1);
    return true;
  }
  publish(message) {
    for (const onMessage of this._subscribers.slice()) {
      try {
        onMessage(message, this.name);
      } catch (error) {
        // Node reports a subscriber's error as uncaught without stopping the publisher.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
  bindStore() {}
  unbindStore() {
    return false;
  }
  runStores(data, fn, thisArg, ...args) {
    this.publish(data);
    return fn.apply(thisArg, args);
  }
}

function channel(name) {
  let found = channels.get(name);
  if (!found) {
    found = new Channel(name);
    channels.set(name, found);
  }
  return found;
}

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

class TracingChannel {
  constructor(nameOrChannels) {
    for (const event of EVENTS) this[event] = typeof nameOrChannels === 'string' ? channel(`tracing:${nameOrChannels}:${event}`) : nameOrChannels[event];
  }
  get hasSubscribers() {
    return EVENTS.some((event) => this[event].hasSubscribers);
  }
  subscribe(handlers) {
    for (const event of EVENTS) if (handlers[event]) this[event].subscribe(handlers[event]);
  }
  unsubscribe(handlers) {
    let done = true;
    for (const event of EVENTS) if (handlers[event] && !this[event].unsubscribe(handlers[event])) done = false;
    return done;
  }
  traceSync(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return fn.apply(thisArg, args);
    this.start.publish(context);
    try {
      context.result = fn.apply(thisArg, args);
      return context.result;
    } catch (error) {
      context.error = error;
      this.error.publish(context);
      throw error;
    } finally {
      this.end.publish(context);
    }
  }
  tracePromise(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return fn.apply(thisArg, args);
    const settle = (key, value) => {
      context[key] = value;
      if (key === 'error') this.error.publish(context);
      this.asyncStart.publish(context);
      this.asyncEnd.publish(context);
    };
    return this.traceSync(
      () =>
        Promise.resolve(fn.apply(thisArg, args)).then(
          (result) => {
            settle('result', result);
            return result;
          },
          (error) => {
            settle('error', error);
            throw error;
          },
        ),
      context,
    );
  }
  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return fn.apply(thisArg, args);
    const index = position < 0 ? args.length + position : position;
    const callback = args[index];
    args[index] = (error, result) => {
      if (error) {
        context.error = error;
        this.error.publish(context);
      } else context.result = result;
      this.asyncStart.publish(context);
      try {
        return callback.call(thisArg, error, result);
      } finally {
        this.asyncEnd.publish(context);
      }
    };
    return this.traceSync(fn, context, thisArg, ...args);
  }
}

module.exports = {
  channel,
  hasSubscribers: (name) => channels.has(name) && channels.get(name).hasSubscribers,
  subscribe: (name, onMessage) => channel(name).subscribe(onMessage),
  unsubscribe: (name, onMessage) => channel(name).unsubscribe(onMessage),
  tracingChannel: (nameOrChannels) => new TracingChannel(nameOrChannels),
  Channel,
};
