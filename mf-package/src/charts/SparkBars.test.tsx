import { render, screen } from '@testing-library/react';
import { SparkBars } from './SparkBars';

test('bars scale to the largest value, an empty day draws nothing, a small one at least a line', () => {
  const points = [
    { key: 'a', value: 100 },
    { key: 'b', value: 0 },
    { key: 'c', value: 1 },
    { key: 'd', value: 50 },
  ];
  render(<SparkBars points={points} label="Requests per day" format={String} barWidth={4} height={56} />);
  const heights = [...screen.getByRole('img', { name: 'Requests per day' }).querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height')));
  expect(heights).toEqual([52, 0, 1, 26]);
});

test('all zero: no bar, no division by zero', () => {
  render(<SparkBars points={[{ key: 'a', value: 0 }]} label="Bandwidth per day" format={String} barWidth={2} />);
  expect(screen.getByRole('img', { name: 'Bandwidth per day' }).querySelector('rect')).toHaveAttribute('height', '0');
});
