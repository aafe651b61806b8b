/**
 * Copies text with the Clipboard API and says whether it worked. Without the API (an insecure origin,
 * an old browser) or when the browser refuses, the answer is false and the user is told to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The copy button's tooltip texts. */
export const COPIED_TEXT = 'Copied!';
export const COPY_FAILED_TEXT = 'Press Ctrl+C to copy';
/** How long either tooltip stays, in milliseconds. */
export const COPY_TOOLTIP_MS = 1000;
