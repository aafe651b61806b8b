/**
 * The newsletter sign-up: an e-mail address posted to the deployment's mailing-list service in a new tab
 * (the service shows its own confirmation page), so the visitor never leaves the site.
 */
export const NEWSLETTER_EMAIL_ID = 'newsletter-email';

/** How long the header's entry waits for the footer's content to arrive. */
const FORM_WAIT_MS = 10_000;

function focusInput(input: HTMLElement): void {
  input.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  input.focus({ preventScroll: true });
}

/**
 * The header's "Newsletter" entry: bring the footer form into view and put the cursor in it. The footer's
 * content is downloaded when the footer comes into view (Footer.tsx), so the form may not be there yet:
 * then the footer is scrolled to, and the form focused as soon as it appears.
 */
export function focusNewsletterForm(): void {
  const input = document.getElementById(NEWSLETTER_EMAIL_ID);
  if (input) {
    focusInput(input);
    return;
  }
  const footer = document.querySelector('footer');
  if (!footer) return;
  footer.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  const observer = new MutationObserver(() => {
    const arrived = document.getElementById(NEWSLETTER_EMAIL_ID);
    if (!arrived) return;
    stop();
    focusInput(arrived);
  });
  const timer = setTimeout(() => stop(), FORM_WAIT_MS);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(footer, { childList: true, subtree: true });
}
