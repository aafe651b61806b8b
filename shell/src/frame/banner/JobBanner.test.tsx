import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../../testing/renderShell';
import { FULL_CONTENT } from '../../testing/testSite';
import { JobBanner } from './JobBanner';

const renderBanner = (content = FULL_CONTENT) => renderInSite(<JobBanner />, { content });

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

test('shows the notice the deployment sets, with its link', () => {
  renderBanner();
  expect(screen.getByTestId('job-banner')).toHaveTextContent('We look for an engineer.');
  expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
});

test('shows nothing where the deployment sets no notice', () => {
  renderBanner({ ...FULL_CONTENT, jobNotice: null });
  expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
});

test('a new notice shows again to a visitor who closed the previous one', async () => {
  const first = renderBanner();
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  first.unmount();
  renderBanner({ ...FULL_CONTENT, jobNotice: { ...FULL_CONTENT.jobNotice!, id: 'designer-2027' } });
  expect(screen.getByTestId('job-banner')).toBeInTheDocument();
});

test('closing it is remembered in localStorage, so it stays closed on the next visit', async () => {
  const first = renderBanner();
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
  expect(window.localStorage.getItem('job-notice-engineer-2026')).not.toBeNull();
  first.unmount();
  renderBanner();
  expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
});

test('a storage that throws does not break the page: the banner shows and still closes for this visit', async () => {
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
  const first = renderBanner();
  expect(screen.getByTestId('job-banner')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  expect(setItem).toHaveBeenCalled();
  expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
  // Nothing was stored, so the next visit shows it again.
  first.unmount();
  renderBanner();
  expect(screen.getByTestId('job-banner')).toBeInTheDocument();
});

test('a window whose localStorage cannot even be touched still shows the banner', () => {
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  renderBanner();
  expect(screen.getByTestId('job-banner')).toBeInTheDocument();
});
