/**
 * The newsletter sign-up: an e-mail address posted to the deployment's mailing-list service in a new tab
 * (the service shows its own confirmation page), so the visitor never leaves the site.
 */
export const NEWSLETTER_EMAIL_ID = 'newsletter-email';

/** The header's "Newsletter" entry: bring the footer form into view and put the cursor in it. */
export function focusNewsletterForm(): void {
  const input = document.getElementById(NEWSLETTER_EMAIL_ID);
  if (!input) return;
  input.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  input.focus({ preventScroll: true });
}
