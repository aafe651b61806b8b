import { act, render, screen } from '@testing-library/react';
import { periods$, providePeriods, resetPeriods, usePeriodOptions } from './periods';

function PeriodList() {
  const options = usePeriodOptions('packages');
  return (
    <ul>
      {options.map((item, index) => (
        <li key={index}>{'periodText' in item ? item.periodText : '---'}</li>
      ))}
    </ul>
  );
}

afterEach(() => resetPeriods());

it('shows month, quarter and year at first and the concrete periods once they arrive', () => {
  // No download of its own: the list arrives below, as the store's answer would.
  providePeriods([]);
  render(<PeriodList />);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['month', 'quarter', 'year']);

  act(() => periods$.next([{ period: '2026-10', periodType: 's-month', links: { packages: '/p' } }]));

  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['month', 'quarter', 'year', '---', 'October 2026']);
});
