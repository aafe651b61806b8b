import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderPage } from '../../test/renderPage';
import type { TimelineEvent } from '../content/types';
import { Timeline } from './Timeline';
import styles from './Timeline.module.css';

// Test data only: the shipped history.json is this deployment's own and starts empty.
const events: TimelineEvent[] = [
  {
    year: 2026,
    month: 3,
    text: 'Second, with a [link](https://example.test/post).',
    type: 'deals',
    img: { name: 'partner', ext: 'png', widthLarge: 200, widthSmall: 120 },
  },
  { year: 2025, month: 11, text: 'First.', type: 'updates' },
  { year: 2026, month: 3, text: 'Third.', type: 'numbers', img: { name: 'logo', ext: 'svg', widthLarge: 100, widthSmall: 80 } },
];

test('groups events by year and month, oldest first, alternating sides', async () => {
  render(<Timeline events={events} />);
  const years = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(years).toEqual(['2025', '2026']);
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['November', 'March']);
  const items = document.querySelectorAll(`.${styles.event}`);
  expect([...items].map((item) => item.getAttribute('data-side'))).toEqual(['left', 'right', 'left']);
  expect(items[0]).toHaveTextContent('Update');
  expect(items[1]).toHaveTextContent('Deal');
  expect(items[2]).toHaveTextContent('Numbers');
  expect(within(items[1] as HTMLElement).getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.test/post');
});

test('a png logo gets a 2x source, an svg does not', async () => {
  render(<Timeline events={events} />);
  const [png, svg] = [...document.querySelectorAll(`.${styles.event} img`)];
  expect(png).toHaveAttribute('srcset', 'http://content.test/history/partner.png 1x, http://content.test/history/partner@2x.png 2x');
  expect(png).toHaveAttribute('width', '120');
  expect(svg).toHaveAttribute('src', 'http://content.test/history/logo.svg');
  expect(svg).not.toHaveAttribute('srcset');
});

test('/history has the About and History tabs and an honest empty timeline', async () => {
  await renderPage('/history');
  const tabs = screen.getByRole('navigation', { name: 'About and history' });
  expect(within(tabs).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  expect(within(tabs).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  expect(screen.getByText('No events have been recorded for this deployment yet.')).toBeInTheDocument();
});

test('the timeline needs no router', async () => {
  render(
    <MemoryRouter>
      <Timeline events={[]} />
    </MemoryRouter>,
  );
  expect(screen.getByText(/No events/)).toBeInTheDocument();
});
