import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { COUNT_UP_DELAY_MS as COUNT_DELAY_MS, COUNT_UP_DURATION_MS as COUNT_DURATION_MS, useCountUp } from './useCountUp';

let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit } | null = null;

class FakeObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed = { callback, ...(options ? { options } : {}) };
  }
  observe(): void {}
  disconnect(): void {}
}

function Counter({ target }: { target: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useCountUp(target, { whenInView: ref });
  return <span ref={ref}>{shown === null ? '…' : Math.round(shown)}</span>;
}

function Figure({ target }: { target: number | null }) {
  const shown = useCountUp(target, { durationMs: 1000 });
  return <span>{shown === null ? '…' : Math.round(shown)}</span>;
}

const reveal = (ratio: number) => act(() => observed?.callback([{ intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver));

beforeEach(() => {
  jest.useFakeTimers();
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  observed = null;
});

test('counts up only once the figure is entirely in view, after 300 ms, reaching the target after 1500 ms', () => {
  render(<Counter target={1000} />);
  expect(observed?.options?.threshold).toBe(1);
  expect(screen.getByText('0')).toBeInTheDocument();
  reveal(0.5);
  act(() => jest.advanceTimersByTime(COUNT_DELAY_MS + COUNT_DURATION_MS));
  expect(screen.getByText('0')).toBeInTheDocument();
  reveal(1);
  act(() => jest.advanceTimersByTime(COUNT_DELAY_MS - 10));
  expect(screen.getByText('0')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(10 + COUNT_DURATION_MS / 2));
  const midway = Number(screen.getByText(/^\d+$/).textContent);
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(1000);
  act(() => jest.advanceTimersByTime(COUNT_DURATION_MS));
  expect(screen.getByText('1000')).toBeInTheDocument();
});

test('without IntersectionObserver the figure is shown at once', () => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  render(<Counter target={42} />);
  expect(screen.getByText('42')).toBeInTheDocument();
});

test('without an element to wait for, it counts at once over its duration, and again from 0 for a new target', () => {
  const { rerender } = render(<Figure target={null} />);
  expect(screen.getByText('…')).toBeInTheDocument();
  rerender(<Figure target={500} />);
  expect(screen.getByText('0')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(500));
  const midway = Number(screen.getByText(/^\d+$/).textContent);
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(500);
  act(() => jest.advanceTimersByTime(600));
  expect(screen.getByText('500')).toBeInTheDocument();
  rerender(<Figure target={80} />);
  expect(screen.getByText('0')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1100));
  expect(screen.getByText('80')).toBeInTheDocument();
});

test('once counted in view, a new target is shown at once', () => {
  const { rerender } = render(<Counter target={10} />);
  reveal(1);
  act(() => jest.advanceTimersByTime(COUNT_DELAY_MS + COUNT_DURATION_MS));
  expect(screen.getByText('10')).toBeInTheDocument();
  rerender(<Counter target={20} />);
  expect(screen.getByText('20')).toBeInTheDocument();
});

test('a user who prefers reduced motion sees the target at once', () => {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' })) as unknown as typeof window.matchMedia;
  try {
    render(<Figure target={7} />);
    expect(screen.getByText('7')).toBeInTheDocument();
  } finally {
    window.matchMedia = matchMedia;
  }
});

function LiveFigure({ target }: { target: number | null }) {
  const shown = useCountUp(target, { durationMs: 1000, fromShown: true });
  return <span>{shown === null ? '…' : Math.round(shown)}</span>;
}

test('with fromShown a new target counts on from the figure shown, and a smaller one is shown at once: it never runs down', () => {
  const { rerender } = render(<LiveFigure target={100} />);
  act(() => jest.advanceTimersByTime(1100));
  expect(screen.getByText('100')).toBeInTheDocument();
  rerender(<LiveFigure target={200} />);
  expect(screen.getByText('100')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(500));
  const midway = Number(screen.getByText(/^\d+$/).textContent);
  expect(midway).toBeGreaterThan(100);
  expect(midway).toBeLessThan(200);
  act(() => jest.advanceTimersByTime(600));
  expect(screen.getByText('200')).toBeInTheDocument();
  rerender(<LiveFigure target={190} />);
  expect(screen.getByText('190')).toBeInTheDocument();
});
