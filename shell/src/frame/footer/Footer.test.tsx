import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { installFakeSite, rssFeed } from '../../testing/fakeSite';
import { Footer } from './Footer';
import { NEWSLETTER_EMAIL_ID } from './newsletter';

/** Renders the footer and waits until the blog feed has been read. */
async function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
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

test('the newsletter form has only an e-mail input and posts in a new tab', async () => {
  installFakeSite();
  await renderFooter();
  const input = screen.getByLabelText('E-mail address');
  expect(input).toHaveAttribute('type', 'email');
  expect(input).toHaveAttribute('id', NEWSLETTER_EMAIL_ID);
  const form = input.closest('form')!;
  expect(form.querySelectorAll('input')).toHaveLength(1);
  expect(form).toHaveAttribute('target', '_blank');
  expect(form).toHaveAttribute('method', 'post');
  expect(form.getAttribute('action')).toMatch(/^https:\/\//);
});

test('four columns of network-testing tool links with their regional variants', async () => {
  installFakeSite();
  await renderFooter();
  for (const tool of ['ping', 'traceroute', 'dns', 'http']) {
    for (const suffix of ['', '-from-europe', '-from-united-states', '-from-amazoncom-inc']) {
      expect(document.querySelector(`footer a[href="/globalping/network-tools/${tool}${suffix}"]`)).not.toBeNull();
    }
  }
  expect(screen.getByRole('navigation', { name: /Ping$/ })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: /HTTP$/ })).toBeInTheDocument();
});

test('about and convert-from links, and the copyright line', async () => {
  installFakeSite();
  await renderFooter();
  const convert = screen.getByRole('navigation', { name: 'Convert from' });
  expect(within(convert).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/github', '/google', '/unpkg', '/skypack', '/esmsh']);
  expect(within(screen.getByRole('navigation', { name: 'About' })).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');
  expect(screen.getByText(new RegExp(`© 2012–${new Date().getFullYear()}`))).toBeInTheDocument();
});
