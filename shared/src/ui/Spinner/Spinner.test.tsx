import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

it('tells screen readers what is loading, and shows it when asked', () => {
  const { rerender } = render(<Spinner label="Files are loading..." />);
  expect(screen.getByRole('status')).toHaveTextContent('Files are loading...');
  expect(screen.getByText('Files are loading...')).toHaveClass('sl-visually-hidden');

  rerender(<Spinner label="Files are loading..." showLabel />);
  expect(screen.getByText('Files are loading...')).toHaveClass('sl-spinner__label');
});
