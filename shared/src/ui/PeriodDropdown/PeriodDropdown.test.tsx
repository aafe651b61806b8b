import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { loadPeriods, periods$, resetPeriods } from '../../stores/periods';
import { PeriodDropdown, usePeriodText } from './PeriodDropdown';

function View({ availableFor }: { availableFor: 'packages' | 'network' }) {
  const [period, setPeriod] = useState('month');
  return (
    <>
      <PeriodDropdown value={period} onChange={setPeriod} availableFor={availableFor} />
      <h2>{usePeriodText(period)}</h2>
    </>
  );
}

beforeEach(() => {
  // The list as if loaded: the download the dropdown asks for has no data API here and is let fail quietly.
  void loadPeriods(() => {});
  periods$.next([
    { period: '2026-10', periodType: 's-month', links: { packages: '/p', network: '/n' } },
    { period: '2026-09', periodType: 's-month', links: { network: '/n' } },
  ]);
});
afterEach(() => resetPeriods());

const options = () => screen.getAllByRole('option').map((option) => option.textContent);

test('offers the floating periods, then only the concrete ones with the statistics the view shows', () => {
  const { unmount } = render(<View availableFor="packages" />);
  fireEvent.click(screen.getByRole('button', { name: 'Data range: month' }));
  expect(options()).toEqual(['month', 'quarter', 'year', 'October 2026']);
  unmount();
  render(<View availableFor="network" />);
  fireEvent.click(screen.getByRole('button', { name: 'Data range: month' }));
  expect(options()).toEqual(['month', 'quarter', 'year', 'October 2026', 'September 2026']);
});

test("a chosen period is the dropdown's value, and titles read its text", () => {
  render(<View availableFor="network" />);
  fireEvent.click(screen.getByRole('button', { name: 'Data range: month' }));
  fireEvent.click(screen.getByRole('option', { name: 'September 2026' }));
  expect(screen.getByRole('button', { name: 'Data range: September 2026' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'September 2026' })).toBeInTheDocument();
  act(() => periods$.next([]));
  expect(screen.getByRole('heading', { name: '2026-09' })).toBeInTheDocument();
});
