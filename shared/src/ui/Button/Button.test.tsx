import { fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Checkbox } from '../Checkbox/Checkbox';
import { Button } from './Button';

test('a button of the kit: one click acts, busy is announced, the variant is its look', () => {
  const onClick = jest.fn();
  const { rerender } = render(
    <Button variant="primary" onClick={onClick}>
      Run
    </Button>,
  );
  const button = screen.getByRole('button', { name: 'Run' });
  expect(button).toHaveAttribute('type', 'button');
  expect(button).toHaveClass('sl-button', 'sl-button--primary');
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
  rerender(
    <Button variant="primary" busy onClick={onClick}>
      Run
    </Button>,
  );
  expect(button).toHaveAttribute('aria-busy', 'true');
});

test('a checkbox of the kit is a native checkbox named by its label', () => {
  const onChange = jest.fn();
  render(
    <Checkbox checked={false} onChange={onChange}>
      Minify
    </Checkbox>,
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'Minify' }));
  expect(onChange).toHaveBeenCalledWith(true);
});

test('the kit draws its controls in the accent colour of the tokens, and nothing else', () => {
  for (const file of [join(__dirname, 'Button.css'), join(__dirname, '..', 'Checkbox', 'Checkbox.css')]) {
    const css = readFileSync(file, 'utf8');
    expect(css).toMatch(/var\(--color-accent\)/);
    expect(css).not.toMatch(/var\(--color-(?:red|orange|green|gsap|emerald|magenta)/);
  }
});
