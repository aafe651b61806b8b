/**
 * A stand-in for IntersectionObserver, which jsdom lacks (without one, the components treat everything as in
 * view at once): a test installs it, renders, and says when the observed elements come into view.
 */
import { act } from '@testing-library/react';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

export interface FakeObserver {
  /** The `rootMargin` the component asked for. */
  readonly rootMargin: string | undefined;
  disconnected: boolean;
}

export interface FakeViewport {
  /** Every observer created since the stand-in was installed, in order. */
  readonly observers: readonly FakeObserver[];
  /** Tells every observer still connected that its elements came into view (or, with false, that they did not). */
  scrollNear(isIntersecting?: boolean): void;
  /** Takes the stand-in away again. */
  uninstall(): void;
}

export function installFakeIntersectionObserver(): FakeViewport {
  const observers: Array<FakeObserver & { callback: Callback }> = [];
  class FakeIntersectionObserver {
    private readonly entry: FakeObserver & { callback: Callback };
    constructor(callback: Callback, options?: { rootMargin?: string }) {
      this.entry = { callback, rootMargin: options?.rootMargin, disconnected: false };
    }
    observe() {
      observers.push(this.entry);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  return {
    observers,
    scrollNear(isIntersecting = true) {
      act(() => {
        for (const observer of observers) if (!observer.disconnected) observer.callback([{ isIntersecting }]);
      });
    },
    uninstall() {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}
