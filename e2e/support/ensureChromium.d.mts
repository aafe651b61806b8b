/** Path of the Chromium binary the browser tests drive. */
export const CHROMIUM_PATH: string;
/** Installs Debian's chromium when missing and permitted, otherwise exits saying how to get it. */
export function ensureChromium(): void;
