import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderPage } from '../../test/renderPage';
import { clearContentCache } from '../content/loadContent';
import posts from '../../content/blog/posts.json';
import { BlogPage } from '../pages/BlogPage';

beforeEach(() => clearContentCache());

const newestFirst = [...posts].sort((a, b) => Date.parse(b.published) - Date.parse(a.published));

test('/blog lists every post newest first and shows each in full under its anchor', async () => {
  const { container } = await renderPage('/blog');
  const index = screen.getByRole('list', { name: 'Posts' });
  const titles = within(index)
    .getAllByRole('link')
    .map((link) => link.textContent);
  expect(titles).toEqual(newestFirst.map((post) => post.title.replace('{{brand}}', 'Skylift')));
  for (const post of posts) expect(container.querySelector(`article[id="${post.slug}"]`)).not.toBeNull();
  // The post bodies are the markdown files.
  expect(await screen.findByText(/Browsers load ES modules natively/)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: /How every request becomes a statistic/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss');
});

test('/blog/{slug} shows one post under its own h1, and an unknown slug says so', async () => {
  const at = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blog/:slug" element={<BlogPage />} />
        </Routes>
      </MemoryRouter>,
    );
  const { unmount } = at('/blog/run-your-own');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Run your own Skylift with one command');
  expect(await screen.findByText(/npm ci && npm start/)).toBeInTheDocument();
  unmount();
  at('/blog/no-such-post');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Post not found');
});
