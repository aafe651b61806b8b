import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { tabIndexForKey, tabPanelProps, Tabs } from './Tabs';

type Tab = 'npm' | 'esm' | 'gh' | 'wp';
const TABS = [
  { id: 'npm' as const, label: 'npm' },
  { id: 'esm' as const, label: 'esm' },
  { id: 'gh' as const, label: 'GitHub' },
  { id: 'wp' as const, label: 'WordPress' },
];

function Harness() {
  const [selected, setSelected] = useState<Tab>('npm');
  return (
    <>
      <button type="button">before</button>
      <Tabs label="Usage" tabs={TABS} selected={selected} onSelect={setSelected} idPrefix="usage" />
      <div {...tabPanelProps('usage', selected)}>Panel of {selected}</div>
    </>
  );
}

describe('Tabs', () => {
  it('marks the selected tab and labels its panel with it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'npm' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'npm' })).toHaveTextContent('Panel of npm');
  });

  it('keeps only the selected tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'npm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping around, and Home/End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'npm' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'esm' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'esm' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel of esm');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'WordPress' })).toHaveFocus();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, 0]);

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'npm' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'WordPress' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab by click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'GitHub' }));
    expect(screen.getByRole('tabpanel', { name: 'GitHub' })).toHaveTextContent('Panel of gh');
  });
});

it('maps keys to tab indexes', () => {
  expect(tabIndexForKey('ArrowRight', 3, 4)).toBe(0);
  expect(tabIndexForKey('ArrowLeft', 0, 4)).toBe(3);
  expect(tabIndexForKey('Enter', 1, 4)).toBeNull();
  expect(tabIndexForKey('ArrowRight', 0, 0)).toBeNull();
});
