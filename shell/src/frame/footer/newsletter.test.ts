import { focusNewsletterForm, NEWSLETTER_EMAIL_ID } from './newsletter';

afterEach(() => {
  document.body.innerHTML = '';
});

test("puts the cursor in the footer's form", () => {
  document.body.innerHTML = `<footer><input id="${NEWSLETTER_EMAIL_ID}" type="email"></footer>`;
  focusNewsletterForm();
  expect(document.activeElement?.id).toBe(NEWSLETTER_EMAIL_ID);
});

test("scrolls to the footer and focuses the form once the footer's content has arrived", async () => {
  document.body.innerHTML = '<footer><div></div></footer>';
  const footer = document.querySelector('footer')!;
  const scrolled = jest.fn();
  footer.scrollIntoView = scrolled;
  focusNewsletterForm();
  expect(scrolled).toHaveBeenCalled();
  expect(document.activeElement).toBe(document.body);

  footer.innerHTML = `<form><input id="${NEWSLETTER_EMAIL_ID}" type="email"></form>`;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(document.activeElement?.id).toBe(NEWSLETTER_EMAIL_ID);
});
