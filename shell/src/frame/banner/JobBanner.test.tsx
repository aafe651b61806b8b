import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { JobBanner } from './JobBanner';

const renderBanner = () =>
  render(
    <MemoryRouter>
      <JobBanner />
    </MemoryRouter>,
  );

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

test('announces the Senior Node.js Engineer search', () => {
  renderBanner();
  expect(screen.getByTestId('job-banner')).toHaveTextContent('Senior Node.js Engineer');
});

test('closing it is remembered in localStorage, so it stays closed on the next visit', async () => {
  const first = renderBanner();
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
  expect(window.localStorage.getItem(BRAND.jobNoticeKey)).not.toBeNull();
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
