import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderPage } from '../../test/renderPage';
import type { Plan } from '../content/types';
import { PlanSlider, SWIPE_THRESHOLD } from './PlanSlider';
import plans from '../../content/plans.json';
import { act } from '@testing-library/react';
import { DEFAULT_SITE_CONTENT } from '@skylift/shared/content/siteContent';
import { setSiteContent } from '@skylift/shared/content/useSiteContent';

function setNarrow(narrow: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query === '(max-width: 767px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

test('/sponsors with no sponsors configured leads to becoming one', async () => {
  await renderPage('/sponsors');
  expect(screen.getByText('No company sponsors this deployment yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Become the first sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  expect(screen.queryByRole('heading', { name: 'PLATINUM' })).toBeNull();
});

test('/become-a-sponsor shows the plans in tabs on wide screens', async () => {
  setNarrow(false);
  await renderPage('/become-a-sponsor');
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Platinum', 'Gold', 'Bronze', 'Custom']);
  expect(screen.getByRole('tabpanel')).toHaveTextContent('$1,500+ / month');
  fireEvent.click(screen.getByRole('tab', { name: 'Bronze' }));
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveTextContent('$150 / month');
  expect(panel).toHaveTextContent('$150-499 per month');
  expect(within(panel).queryByRole('link', { name: 'Become a Bronze sponsor' })).toBeNull();
  expect(panel).toHaveTextContent('This deployment has not published a sponsorship contact yet.');
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, links: { ...DEFAULT_SITE_CONTENT.links, codeHost: 'https://code.example.test/org' } }));
  expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Become a Bronze sponsor' })).toHaveAttribute('href', 'https://code.example.test/org');
  fireEvent.click(screen.getByRole('tab', { name: 'Gold' }));
  expect(screen.getByRole('tabpanel')).toHaveTextContent('$500 / month');
  fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
  expect(screen.getByRole('link', { name: 'Propose a custom plan' })).toBeInTheDocument();
  act(() => setSiteContent(DEFAULT_SITE_CONTENT));
});

test('/become-a-sponsor is a slider below 768 px', async () => {
  setNarrow(true);
  await renderPage('/become-a-sponsor');
  expect(screen.queryByRole('tab')).toBeNull();
  expect(screen.getByLabelText('Sponsorship plans')).toHaveAttribute('aria-roledescription', 'carousel');
});

describe('PlanSlider', () => {
  const renderSlider = (active: number, onActive: jest.Mock) =>
    render(
      <MemoryRouter>
        <PlanSlider plans={plans as Plan[]} active={active} onActive={onActive} contactUrl="https://example.test/contact" />
      </MemoryRouter>,
    );
  const swipe = (distance: number) => {
    const viewport = document.querySelector('.mk-slider__viewport') as HTMLElement;
    fireEvent.touchStart(viewport, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 300 + distance }] });
  };

  test('a swipe longer than 100 px moves one plan; a shorter one does not', async () => {
    const onActive = jest.fn();
    renderSlider(1, onActive);
    swipe(-(SWIPE_THRESHOLD + 1));
    expect(onActive).toHaveBeenLastCalledWith(2);
    swipe(SWIPE_THRESHOLD + 1);
    expect(onActive).toHaveBeenLastCalledWith(0);
    onActive.mockClear();
    swipe(-SWIPE_THRESHOLD);
    expect(onActive).not.toHaveBeenCalled();
  });

  test('does not move past the first plan, and offsets the track by the 8 px gap', async () => {
    const onActive = jest.fn();
    renderSlider(0, onActive);
    swipe(SWIPE_THRESHOLD + 50);
    expect(onActive).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show the Gold plan' }));
    expect(onActive).toHaveBeenCalledWith(1);
  });

  test('the track is shifted by one slide and one gap per plan', async () => {
    renderSlider(2, jest.fn());
    const track = document.querySelector('.mk-slider__track') as HTMLElement;
    expect(track.style.transform).toBe('translateX(calc(-200% - 16px))');
    expect(track.style.gap).toBe('8px');
  });
});

test("sponsors listed in the deployment's content appear in their tiers, with anchors", async () => {
  setSiteContent({
    ...DEFAULT_SITE_CONTENT,
    sponsors: [
      { name: 'Example Bronze', url: 'https://bronze.example.test', tier: 'bronze' },
      { name: 'Example Platinum', url: 'https://platinum.example.test', logo: 'https://platinum.example.test/logo.svg', tier: 'platinum' },
    ],
  });
  try {
    const { container } = await renderPage('/sponsors');
    expect(container.querySelector('#platinum')).toContainElement(screen.getByRole('img', { name: 'Example Platinum' }));
    expect(screen.getByRole('img', { name: 'Example Platinum' })).toHaveAttribute('src', 'https://platinum.example.test/logo.svg');
    expect(within(container.querySelector('#bronze') as HTMLElement).getByRole('link', { name: 'Example Bronze' })).toHaveAttribute(
      'href',
      'https://bronze.example.test',
    );
    expect(container.querySelector('#gold')).toBeNull();
    expect(screen.getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  } finally {
    setSiteContent(DEFAULT_SITE_CONTENT);
  }
});
