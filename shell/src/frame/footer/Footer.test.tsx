import { screen, waitFor, within } from '@testing-library/react';
import { installFakeIntersectionObserver } from '@skylift/shared/testing';
import type { SiteContent } from '@skylift/shared/config';
import { installFakeSite, rssFeed } from '../../testing/fakeSite';
import { renderInSite } from '../../testing/renderShell';
import { FULL_CONTENT } from '../../testing/testSite';
import { Footer } from './Footer';
import { NEWSLETTER_EMAIL_ID } from './newsletter';

/** Renders the footer and waits until its content has arrived and the blog feed has been read. */
async function renderFooter(content?: SiteContent) {
  renderInSite(<Footer />, content ? { content } : {});
  await screen.findByText(/Open source, served free for everyone/);
  await waitFor(() => expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument());
}

const POSTS = [
  { title: 'Oldest', link: 'http://localhost/blog/oldest', pubDate: 'Mon, 01 Jan 2024 10:00:00 GMT' },
  { title: 'Newest', link: 'http://localhost/blog/newest', pubDate: 'Fri, 07 Nov 2025 10:00:00 GMT' },
  { title: 'Second', link: 'http://localhost/blog/second', pubDate: 'Wed, 01 Oct 2025 10:00:00 GMT' },
  { title: 'Third', link: 'http://localhost/blog/third', pubDate: 'Mon, 01 Sep 2025 10:00:00 GMT' },
  { title: 'Fourth', link: 'http://localhost/blog/fourth', pubDate: 'Fri, 01 Aug 2025 10:00:00 GMT' },
  { title: 'Fifth', link: 'http://localhost/blog/fifth', pubDate: 'Tue, 01 Jul 2025 10:00:00 GMT' },
];

test('shows the five latest blog posts from /blog/rss, newest first', async () => {
  const requested = installFakeSite({ blogRss: rssFeed(POSTS) });
  await renderFooter();
  const list = await screen.findByTestId('latest-posts');
  const titles = within(list)
    .getAllByRole('link')
    .map((a) => a.textContent);
  expect(titles).toEqual(['Newest', 'Second', 'Third', 'Fourth', 'Fifth']);
  expect(within(list).getByRole('link', { name: 'Newest' })).toHaveAttribute('href', 'http://localhost/blog/newest');
  expect(requested).toContain('/blog/rss');
});

test('links to the blog when the feed cannot be read', async () => {
  installFakeSite({ blogRss: null });
  await renderFooter();
  expect(await screen.findByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');
});

test('no newsletter form where the deployment has no newsletter', async () => {
  installFakeSite();
  await renderFooter();
  expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
});

test("the newsletter form has only an e-mail input and posts to the deployment's list in a new tab", async () => {
  installFakeSite();
  await renderFooter(FULL_CONTENT);
  const input = screen.getByLabelText('E-mail address');
  expect(input).toHaveAttribute('type', 'email');
  expect(input).toHaveAttribute('id', NEWSLETTER_EMAIL_ID);
  const form = input.closest('form')!;
  expect(form.querySelectorAll('input')).toHaveLength(1);
  expect(form).toHaveAttribute('target', '_blank');
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', FULL_CONTENT.links.newsletter);
});

test('the second row holds the columns declared for it, with their links', async () => {
  installFakeSite();
  await renderFooter();
  const ping = screen.getByRole('navigation', { name: 'Ping' });
  expect(
    within(ping)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/globalping/network-tools/ping', '/globalping/network-tools/ping-from-europe']);
  expect(screen.getByRole('navigation', { name: 'DNS' }).closest('div')).toBe(ping.closest('div'));
});

test('the columns the remotes declare, ordered by their first entry, and the copyright line of a fresh install', async () => {
  installFakeSite();
  await renderFooter();
  const headings = Array.from(document.querySelectorAll('footer nav')).map((nav) => nav.getAttribute('aria-label'));
  expect(headings.slice(0, 2)).toEqual(['About', 'Convert from']);
  const about = screen.getByRole('navigation', { name: 'About' });
  expect(
    within(about)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['About us', 'Statistics']);
  const convert = screen.getByRole('navigation', { name: 'Convert from' });
  expect(
    within(convert)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/github', '/unpkg']);
  expect(screen.getByText(new RegExp(`^© ${new Date().getFullYear()} `))).toBeInTheDocument();
});

test('the copyright range starts in the year the deployment says it started', async () => {
  installFakeSite();
  await renderFooter(FULL_CONTENT);
  expect(screen.getByText(new RegExp(`© 2020–${new Date().getFullYear()}`))).toBeInTheDocument();
});

test('the footer landmark is always there; its content, and the blog feed, arrive when it comes near the viewport', async () => {
  const viewport = installFakeIntersectionObserver();
  try {
    const requested = installFakeSite({ blogRss: rssFeed(POSTS) });
    renderInSite(<Footer />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'About' })).not.toBeInTheDocument();
    expect(requested).not.toContain('/blog/rss');

    viewport.scrollNear();
    expect(await screen.findByRole('navigation', { name: 'About' })).toBeInTheDocument();
    await waitFor(() => expect(requested).toContain('/blog/rss'));
  } finally {
    viewport.uninstall();
  }
});
