import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './CopyButton';

afterEach(() => {
  jest.useRealTimers();
  // Drop a clipboard a test put on the navigator, uncovering the one user-event provides.
  Reflect.deleteProperty(window.navigator, 'clipboard');
});

/** Lets the click's clipboard promise settle, so the tooltip timer has started before time is moved on. */
async function settle() {
  await act(async () => {});
}

function setClipboard(clipboard: unknown) {
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true, writable: true });
}

describe('CopyButton', () => {
  it('copies the text and says "Copied!" for one second', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<CopyButton text="https://cdn.example.test/npm/jquery@3.7.1/dist/jquery.min.js" />);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();

    await expect(navigator.clipboard.readText()).resolves.toBe('https://cdn.example.test/npm/jquery@3.7.1/dist/jquery.min.js');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('copies what a function produces at the moment of the click', async () => {
    const user = userEvent.setup();
    let version = '1.0.0';
    render(<CopyButton text={() => `npm i pkg@${version}`}>Copy install</CopyButton>);
    version = '2.0.0';
    await user.click(screen.getByRole('button', { name: 'Copy install' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('npm i pkg@2.0.0');
  });

  it('says "Press Ctrl+C to copy" for one second when the browser refuses', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    setClipboard({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    render(<CopyButton text="x" label="Copy the link" />);

    await user.click(screen.getByRole('button', { name: 'Copy the link' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Press Ctrl+C to copy'));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says "Press Ctrl+C to copy" when there is no Clipboard API', async () => {
    const user = userEvent.setup();
    setClipboard(undefined);
    render(<CopyButton text="x" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Press Ctrl+C to copy'));
  });

  it('restarts the one second on a second click', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<CopyButton text="x" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    act(() => jest.advanceTimersByTime(600));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    act(() => jest.advanceTimersByTime(600));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => jest.advanceTimersByTime(400));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
