/** Registers the `<altcha-widget>` element on first use, so the widget's code loads only on the purge page. */
export async function loadAltcha(): Promise<void> {
  await import('altcha');
}
