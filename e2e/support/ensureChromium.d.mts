/** Path of the Chromium binary the browser tests drive: Debian's headless shell, else its full browser. */
export function chromiumPath(): string;
/** Installs Debian's chromium-headless-shell when missing and permitted; without it, takes the full browser if installed, otherwise exits saying how to get it. */
export function ensureChromium(): void;
