import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderPage } from '../../test/renderPage';
import type { Plan } from '../content/types';
import { PlanSlider, SWIPE_THRESHOLD } from './PlanSlider';
import { useSponsorContact } from './sponsorContact';
import { SITE } from '../content/content';
import plans from '../../content/plans.json';
import { act } from '@testing-library/react';
import { DEFAULT_SITE_CONTENT } from '@skylift/shared/config';
import { setSiteContent } from '@skylift/shared/stores';
import infoPageStyles from '../layout/InfoPage.module.css';
import sponsorsStyles from './Sponsors.module.css';

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

test('/sponsors with no sponsors configured leads to becoming one, and keeps each tier under its anchor with an honest empty state', async () => {
  const { container } = await renderPage('/sponsors');
  expect(screen.getByText('No company sponsors this deployment yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Become the first sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  for (const [id, title, label] of [
    ['platinum', 'PLATINUM', 'Platinum'],
    ['gold', 'GOLD', 'Gold'],
    ['bronze', 'BRONZE', 'Bronze'],
  ] as const) {
    const tier = container.querySelector(`#${id}`) as HTMLElement;
    expect(tier).not.toBeNull();
    expect(within(tier).getByRole('heading', { level: 2 })).toHaveTextContent(title);
    expect(tier).toHaveTextContent(`No ${label} sponsor yet.`);
    expect(within(tier).getByRole('link', { name: 'Become one' })).toHaveAttribute('href', '/become-a-sponsor');
    expect(within(tier).queryByRole('img')).toBeNull();
  }
  // Sponsors without a tier have no section until there is one.
  expect(screen.queryByRole('heading', { name: 'SPONSORS' })).toBeNull();
});

test('/become-a-sponsor shows no plan and no price without a contact: nothing there could be taken up', async () => {
  setNarrow(false);
  await renderPage('/become-a-sponsor');
  expect(screen.queryByRole('tab')).toBeNull();
  expect(screen.queryByText(/\$\d/)).toBeNull();
  expect(screen.getByText(/have not published a contact for sponsorships yet, so no plan is offered here/)).toBeInTheDocument();
});

test('/become-a-sponsor shows the plans in tabs on wide screens, each leading to the contact of the operator’s content', async () => {
  setNarrow(false);
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, links: { ...DEFAULT_SITE_CONTENT.links, sponsorship: 'mailto:sponsors@example.test' } }));
  await renderPage('/become-a-sponsor');
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Platinum', 'Gold', 'Bronze', 'Custom']);
  expect(screen.getByRole('tabpanel')).toHaveTextContent('$1,500+ / month');
  fireEvent.click(screen.getByRole('tab', { name: 'Bronze' }));
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveTextContent('$150 / month');
  expect(panel).toHaveTextContent('$150-499 per month');
  expect(within(panel).getByRole('link', { name: 'Become a Bronze sponsor' })).toHaveAttribute('href', 'mailto:sponsors@example.test');
  expect(within(document.querySelector('#contact') as HTMLElement).getByRole('link', { name: 'sponsors@example.test' })).toHaveAttribute(
    'href',
    'mailto:sponsors@example.test',
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Gold' }));
  expect(screen.getByRole('tabpanel')).toHaveTextContent('$500 / month');
  fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
  expect(screen.getByRole('link', { name: 'Propose a custom plan' })).toBeInTheDocument();
  act(() => setSiteContent(DEFAULT_SITE_CONTENT));
});

test('/become-a-sponsor ends with how to reach the people who run the deployment, or says honestly that there is no contact yet', async () => {
  setNarrow(false);
  const { container } = await renderPage('/become-a-sponsor');
  const contact = () => container.querySelector('#contact') as HTMLElement;
  // A fresh install names no contact: the page says so instead of ending in silence.
  expect(within(contact()).getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  expect(contact()).toHaveTextContent('The people who run this deployment have not published a contact for sponsorships yet, so no plan is offered here.');
  expect(within(contact()).queryByRole('link')).toBeNull();
  // The last thing on the page.
  expect(container.querySelector(`.${infoPageStyles.page}`)!.lastElementChild).toBe(contact());
  // The operator's code host, from the deployment's site content, is the contact when nothing else is set.
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, links: { ...DEFAULT_SITE_CONTENT.links, codeHost: 'https://code.example.test/org' } }));
  expect(within(contact()).getByRole('link', { name: "the project's code host" })).toHaveAttribute('href', 'https://code.example.test/org');
  act(() => setSiteContent(DEFAULT_SITE_CONTENT));
});

test('a sponsorship contact set in content/site.json is offered as a link or a mail address', () => {
  const site = SITE as { sponsorship: { contactUrl: string | null; contactEmail?: string | null } };
  const saved = { ...site.sponsorship };
  function Probe() {
    const contact = useSponsorContact();
    return contact ? <a href={contact.href}>{contact.label}</a> : <p>none</p>;
  }
  try {
    site.sponsorship.contactEmail = 'sponsors@example.test';
    const { rerender } = render(<Probe />);
    expect(screen.getByRole('link', { name: 'sponsors@example.test' })).toHaveAttribute('href', 'mailto:sponsors@example.test');
    site.sponsorship.contactUrl = 'https://example.test/sponsor/';
    rerender(<Probe key="url" />);
    expect(screen.getByRole('link', { name: 'example.test/sponsor' })).toHaveAttribute('href', 'https://example.test/sponsor/');
  } finally {
    Object.assign(site.sponsorship, saved);
  }
});

test('/become-a-sponsor is a slider below 768 px', async () => {
  setNarrow(true);
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, links: { ...DEFAULT_SITE_CONTENT.links, codeHost: 'https://code.example.test/org' } }));
  await renderPage('/become-a-sponsor');
  expect(screen.queryByRole('tab')).toBeNull();
  expect(screen.getByLabelText('Sponsorship plans')).toHaveAttribute('aria-roledescription', 'carousel');
  act(() => setSiteContent(DEFAULT_SITE_CONTENT));
});

describe('PlanSlider', () => {
  const renderSlider = (active: number, onActive: jest.Mock) =>
    render(
      <MemoryRouter>
        <PlanSlider plans={plans as Plan[]} active={active} onActive={onActive} contactUrl="https://example.test/contact" />
      </MemoryRouter>,
    );
  const swipe = (distance: number) => {
    const viewport = document.querySelector(`.${sponsorsStyles.sliderViewport}`) as HTMLElement;
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
    const track = document.querySelector(`.${sponsorsStyles.sliderTrack}`) as HTMLElement;
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
    expect(container.querySelector('#gold')).toHaveTextContent('No Gold sponsor yet.');
    expect(screen.getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  } finally {
    act(() => setSiteContent(DEFAULT_SITE_CONTENT));
  }
});
