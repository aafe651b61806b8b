import { act, render, screen } from '@testing-library/react';
import { NearView } from './NearView';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Array<{ callback: Callback; margin: string | undefined; disconnected: boolean }> = [];

class FakeIntersectionObserver {
  private readonly entry: { callback: Callback; margin: string | undefined; disconnected: boolean };
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    this.entry = { callback, margin: options?.rootMargin, disconnected: false };
  }
  observe() {
    observers.push(this.entry);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function scrollNear(isIntersecting = true) {
  act(() => {
    for (const observer of observers) if (!observer.disconnected) observer.callback([{ isIntersecting }]);
  });
}

beforeEach(() => {
  observers = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
});

afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

test('keeps the room of its content and renders nothing of it until its place comes near the viewport', () => {
  const { container } = render(
    <NearView placeholderHeight="40rem">
      <h2>Below the fold</h2>
    </NearView>,
  );
  expect(screen.queryByRole('heading', { name: 'Below the fold' })).not.toBeInTheDocument();
  expect((container.firstChild as HTMLElement).style.minHeight).toBe('40rem');
  expect(observers[0]?.margin).toBe('200px');

  scrollNear(false);
  expect(screen.queryByRole('heading', { name: 'Below the fold' })).not.toBeInTheDocument();

  scrollNear();
  expect(screen.getByRole('heading', { name: 'Below the fold' })).toBeInTheDocument();
  expect(observers[0]?.disconnected).toBe(true);
});

test('stays rendered once shown', () => {
  const { rerender } = render(
    <NearView placeholderHeight="10px">
      <p>first</p>
    </NearView>,
  );
  scrollNear();
  rerender(
    <NearView placeholderHeight="10px">
      <p>second</p>
    </NearView>,
  );
  expect(screen.getByText('second')).toBeInTheDocument();
});

test('renders at once where the browser cannot tell what is in view', () => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  render(
    <NearView placeholderHeight="10px">
      <p>content</p>
    </NearView>,
  );
  expect(screen.getByText('content')).toBeInTheDocument();
});
