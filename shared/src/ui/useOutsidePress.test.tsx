import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useOutsidePress } from './useOutsidePress';

function Menu({ onOutside }: { onOutside: () => void }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useOutsidePress(ref, open, () => {
    onOutside();
    setOpen(false);
  });
  return (
    <>
      <div ref={ref}>
        <button type="button">inside</button>
        {open && <span>open</span>}
      </div>
      <button type="button">outside</button>
    </>
  );
}

test('a press outside the element calls back, a press inside does not', () => {
  const onOutside = jest.fn();
  render(<Menu onOutside={onOutside} />);
  fireEvent.pointerDown(screen.getByRole('button', { name: 'inside' }));
  fireEvent.mouseDown(screen.getByRole('button', { name: 'inside' }));
  expect(onOutside).not.toHaveBeenCalled();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'outside' }));
  expect(onOutside).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('open')).not.toBeInTheDocument();
});

test('a mouse press outside counts where there are no pointer events', () => {
  const onOutside = jest.fn();
  render(<Menu onOutside={onOutside} />);
  fireEvent.mouseDown(document.body);
  expect(onOutside).toHaveBeenCalledTimes(1);
});

test('nothing is listened to while inactive', () => {
  const onOutside = jest.fn();
  render(<Menu onOutside={onOutside} />);
  fireEvent.pointerDown(document.body);
  fireEvent.pointerDown(document.body);
  expect(onOutside).toHaveBeenCalledTimes(1);
});
