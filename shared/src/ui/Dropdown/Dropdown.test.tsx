import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dropdown } from './Dropdown';
import type { DropdownItem } from './dropdownModel';

const PERIODS: DropdownItem[] = [
  { value: 'month', label: 'month' },
  { value: 'quarter', label: 'quarter' },
  { value: 'year', label: 'year' },
  { separator: true },
  { value: '2026-10', label: 'October 2026' },
  { value: '2026-09', label: 'September 2026' },
];

const COUNTRIES: DropdownItem[] = [
  { value: 'global', label: 'Global' },
  { separator: true },
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'DE', label: 'Germany' },
];

function Harness({ items, filterable = false, initial = 'month' }: { items: DropdownItem[]; filterable?: boolean; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div>
      <Dropdown label="Data range" items={items} value={value} onChange={setValue} filterable={filterable} placeholder="Choose" />
      <p data-testid="chosen">{value ?? 'none'}</p>
      <button type="button">elsewhere</button>
    </div>
  );
}

const button = () => screen.getByRole('button', { name: /^Data range:/ });
const activeOption = () => {
  const owner = screen.queryByRole('combobox') ?? screen.getByRole('listbox');
  const id = owner.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Dropdown', () => {
  it('shows the selected option on a button that opens a listbox', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    expect(button()).toHaveTextContent('month');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(button());

    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['month', 'quarter', 'year', 'October 2026', 'September 2026']);
    expect(screen.getByRole('option', { name: 'month' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('separator')).toHaveLength(1);
  });

  it('selects an option by click and closes', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: 'October 2026' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-10');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button()).toHaveTextContent('October 2026');
  });

  it('moves with the arrow keys over separators and selects with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toHaveFocus();
    expect(activeOption()).toBe('month');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('year');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('October 2026');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('year');

    await user.keyboard('{End}{Enter}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-09');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('closes with Escape without changing the value, returning focus to the button', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    await user.click(button());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('chosen')).toHaveTextContent('month');
    expect(button()).toHaveFocus();
  });

  it('closes on a click or a touch outside', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    await user.click(button());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(button());
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('chosen')).toHaveTextContent('month');
  });

  it('stays open when pressed inside the list', async () => {
    const user = userEvent.setup();
    render(<Harness items={PERIODS} />);
    await user.click(button());
    fireEvent.pointerDown(screen.getByRole('separator'));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('shows the placeholder while nothing is selected', () => {
    render(<Harness items={PERIODS} initial={null} />);
    expect(button()).toHaveTextContent('Choose');
  });

  it('cannot be opened when disabled', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Version" items={[{ value: '1.0.0', label: '1.0.0' }]} value="1.0.0" onChange={() => {}} disabled />);
    const versionButton = screen.getByRole('button', { name: 'Version: 1.0.0' });
    expect(versionButton).toBeDisabled();
    await user.click(versionButton);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  describe('filterable', () => {
    it('filters by space-separated case-insensitive substrings and selects the first match with Enter', async () => {
      const user = userEvent.setup();
      render(<Harness items={COUNTRIES} filterable initial="global" />);
      await user.click(button());
      const filter = screen.getByRole('combobox', { name: 'Filter Data range' });
      expect(filter).toHaveFocus();

      await user.keyboard('KING unit');
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United Kingdom']);
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('chosen')).toHaveTextContent('GB');
    });

    it('moves through the filtered options with the arrow keys', async () => {
      const user = userEvent.setup();
      render(<Harness items={COUNTRIES} filterable initial="global" />);
      await user.click(button());
      await user.keyboard('united');
      expect(activeOption()).toBe('United States');
      await user.keyboard('{ArrowDown}');
      expect(activeOption()).toBe('United Kingdom');
      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByTestId('chosen')).toHaveTextContent('GB');
    });

    it('says "No results found", which cannot be selected, when nothing matches', async () => {
      const user = userEvent.setup();
      render(<Harness items={COUNTRIES} filterable initial="global" />);
      await user.click(button());
      await user.keyboard('atlantis');
      const empty = screen.getByRole('option', { name: 'No results found' });
      expect(empty).toHaveAttribute('aria-disabled', 'true');
      await user.click(empty);
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('chosen')).toHaveTextContent('global');
      expect(screen.getByRole('listbox')).toBeInTheDocument();
    });

    it('starts with an empty filter each time it opens', async () => {
      const user = userEvent.setup();
      render(<Harness items={COUNTRIES} filterable initial="global" />);
      await user.click(button());
      await user.keyboard('germ{Escape}');
      await user.click(button());
      expect(screen.getByRole('combobox')).toHaveValue('');
      expect(screen.getAllByRole('option')).toHaveLength(4);
    });
  });

  describe('long lists', () => {
    const MANY: DropdownItem[] = Array.from({ length: 250 }, (_, n) => ({ value: `v${n}`, label: `Version ${n}` }));

    it('draws a page of options and a "Show more" entry that the keyboard reaches and presses', async () => {
      const user = userEvent.setup();
      render(<Harness items={MANY} initial="v0" />);
      await user.click(button());
      expect(screen.getAllByRole('option')).toHaveLength(101);
      expect(screen.getByRole('option', { name: 'Show more (150 left)' })).toBeInTheDocument();
      await user.keyboard('{End}');
      expect(activeOption()).toBe('Show more (150 left)');
      await user.keyboard('{Enter}');
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      // The active entry is now the first new option.
      expect(activeOption()).toBe('Version 100');
      expect(screen.getByRole('option', { name: 'Show more (50 left)' })).toBeInTheDocument();
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('chosen')).toHaveTextContent('v100');
    });

    it('opens with a selected option beyond the first page drawn and active', async () => {
      const user = userEvent.setup();
      render(<Harness items={MANY} initial="v180" />);
      await user.click(button());
      expect(screen.getByRole('option', { name: 'Version 180' })).toHaveAttribute('aria-selected', 'true');
      expect(activeOption()).toBe('Version 180');
    });
  });

  it('presses an action entry without closing or choosing, and draws entries from itemsFor', async () => {
    const user = userEvent.setup();
    const onAction = jest.fn();
    render(
      <Dropdown
        label="Version"
        items={[{ value: '1.0.0', label: '1.0.0' }]}
        itemsFor={(query) => [
          { value: '1.0.0', label: '1.0.0' },
          { action: 'more', label: `More for "${query}"` },
        ]}
        onAction={onAction}
        value="1.0.0"
        onChange={() => {}}
        filterable
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Version: 1.0.0' }));
    await user.keyboard('1');
    await user.click(screen.getByRole('option', { name: 'More for "1"' }));
    expect(onAction).toHaveBeenCalledWith('more');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  describe('after an entry is pressed with the pointer', () => {
    function Unfolding() {
      const [open, setOpen] = useState(false);
      const [value, setValue] = useState('1.0.0');
      const entries: DropdownItem[] = [
        { value: '1.0.0', label: '1.0.0' },
        { action: 'toggle', label: open ? 'Hide prereleases of 1.0.0' : 'Show 1 prerelease of 1.0.0' },
        ...(open ? [{ value: '1.0.0-canary-0123456789abcdef-20260101', label: '1.0.0-canary-0123456789abcdef-20260101' }] : []),
        { value: '0.9.0', label: '0.9.0' },
      ];
      return (
        <>
          <Dropdown
            label="Version"
            items={entries}
            itemsFor={() => entries}
            onAction={() => setOpen((was) => !was)}
            value={value}
            onChange={setValue}
            filterable
          />
          <p data-testid="chosen">{value}</p>
        </>
      );
    }

    afterEach(() => jest.restoreAllMocks());

    it('keeps focus in the filter, so the arrow keys, Enter and Escape still work', async () => {
      const user = userEvent.setup();
      render(<Unfolding />);
      await user.click(screen.getByRole('button', { name: 'Version: 1.0.0' }));
      await user.click(screen.getByRole('option', { name: 'Show 1 prerelease of 1.0.0' }));
      expect(screen.getByRole('combobox')).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(activeOption()).toBe('1.0.0-canary-0123456789abcdef-20260101');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Version: 1.0.0' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      await user.click(screen.getByRole('option', { name: 'Hide prereleases of 1.0.0' }));
      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByTestId('chosen')).toHaveTextContent('0.9.0');
    });

    it('moves left again when the entries it unfolds widen it past the viewport', async () => {
      const user = userEvent.setup();
      // A panel drawn 900 px from the left of a 1024 px viewport, as wide as its longest entry.
      jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        const width = this.classList.contains('sl-dropdown__panel')
          ? Math.max(...[...this.querySelectorAll('[role=option]')].map((o) => (o.textContent ?? '').length * 7))
          : 80;
        return DOMRect.fromRect({ x: 900, y: 100, width, height: 40 });
      });
      render(<Unfolding />);
      await user.click(screen.getByRole('button', { name: 'Version: 1.0.0' }));
      const panel = screen.getByRole('listbox').parentElement!;
      // "Show 1 prerelease of 1.0.0": 26 characters, 182 px: 900 + 182 - (1024 - 8) = 66 px too far right.
      expect(panel.style.left).toBe('-66px');
      await user.click(screen.getByRole('option', { name: 'Show 1 prerelease of 1.0.0' }));
      // The canary's 38 characters: 266 px, 150 px too far.
      expect(panel.style.left).toBe('-150px');
    });
  });

  it('opens upwards when the viewport ends below the button and there is more room above', async () => {
    const user = userEvent.setup();
    // jsdom's viewport is 768 px high: the button ends at 730 px, the panel would reach 1034 px.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('sl-dropdown__button')) return DOMRect.fromRect({ x: 20, y: 694, width: 100, height: 36 });
      if (this.classList.contains('sl-dropdown__panel')) return DOMRect.fromRect({ x: 20, y: 734, width: 300, height: 300 });
      if (this.classList.contains('sl-dropdown__list')) return DOMRect.fromRect({ x: 20, y: 784, width: 300, height: 250 });
      return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    });
    render(<Harness items={COUNTRIES} initial="global" />);
    await user.click(button());
    const list = screen.getByRole('listbox');
    const panel = list.parentElement!;
    expect(panel.style.top).toBe('auto');
    expect(panel.style.bottom).toBe('calc(100% + 4px)');
    // 694 - 8 - 4 = 682 px above: the whole panel fits, the list keeps its height.
    expect(list.style.maxHeight).toBe('');
    jest.restoreAllMocks();
  });
});
