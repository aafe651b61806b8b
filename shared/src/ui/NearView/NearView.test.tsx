import { render, screen } from '@testing-library/react';
import { installFakeIntersectionObserver, type FakeViewport } from '../../testing/fakeIntersectionObserver';
import { NearView } from './NearView';

let viewport: FakeViewport;

beforeEach(() => {
  viewport = installFakeIntersectionObserver();
});

afterEach(() => viewport.uninstall());

test('keeps the room of its content and renders nothing of it until its place comes near the viewport', () => {
  const { container } = render(
    <NearView placeholderHeight="40rem">
      <h2>Below the fold</h2>
    </NearView>,
  );
  expect(screen.queryByRole('heading', { name: 'Below the fold' })).not.toBeInTheDocument();
  expect((container.firstChild as HTMLElement).style.minHeight).toBe('40rem');
  expect(viewport.observers[0]?.rootMargin).toBe('200px');

  viewport.scrollNear(false);
  expect(screen.queryByRole('heading', { name: 'Below the fold' })).not.toBeInTheDocument();

  viewport.scrollNear();
  expect(screen.getByRole('heading', { name: 'Below the fold' })).toBeInTheDocument();
  expect(viewport.observers[0]?.disconnected).toBe(true);
});

test('stays rendered once shown', () => {
  const { rerender } = render(
    <NearView placeholderHeight="10px">
      <p>first</p>
    </NearView>,
  );
  viewport.scrollNear();
  rerender(
    <NearView placeholderHeight="10px">
      <p>second</p>
    </NearView>,
  );
  expect(screen.getByText('second')).toBeInTheDocument();
});

test('renders at once where the browser cannot tell what is in view', () => {
  viewport.uninstall();
  render(
    <NearView placeholderHeight="10px">
      <p>content</p>
    </NearView>,
  );
  expect(screen.getByText('content')).toBeInTheDocument();
});
