import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Switch } from './Switch';

function Controlled({ description, color, disabled }: { description?: string; color?: string; disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <Switch checked={on} onChange={setOn} {...(description ? { description } : {})} {...(color ? { color } : {})} disabled={disabled ?? false}>
      Breakdown
    </Switch>
  );
}

test('is a switch named by its label that toggles on click, Space and Enter', async () => {
  const user = userEvent.setup();
  render(<Controlled />);
  const toggle = screen.getByRole('switch', { name: 'Breakdown' });
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  await user.keyboard(' ');
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  await user.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-checked', 'true');
});

test('reads its description as the description, not as part of its name', () => {
  render(<Controlled description="Split the traffic by provider." />);
  const toggle = screen.getByRole('switch', { name: 'Breakdown' });
  expect(toggle).toHaveAccessibleDescription('Split the traffic by provider.');
  expect(screen.getByText('Split the traffic by provider.')).toBeInTheDocument();
});

test('a disabled switch does not toggle', async () => {
  const user = userEvent.setup();
  render(<Controlled disabled />);
  const toggle = screen.getByRole('switch', { name: 'Breakdown' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-checked', 'false');
});

test('takes the colour of its track when on, and only then', async () => {
  const user = userEvent.setup();
  render(<Controlled color="rebeccapurple" />);
  const toggle = screen.getByRole('switch', { name: 'Breakdown' });
  expect(toggle.style.getPropertyValue('--sl-switch-on')).toBe('');
  await user.click(toggle);
  expect(toggle.style.getPropertyValue('--sl-switch-on')).toBe('rebeccapurple');
});
