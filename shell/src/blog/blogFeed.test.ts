import { parseBlogFeed } from './blogFeed';
import { rssFeed } from '../testing/fakeSite';

test('reads title, link and date of each item, newest first', () => {
  const posts = parseBlogFeed(
    rssFeed([
      { title: 'A', link: 'http://localhost/a', pubDate: 'Mon, 01 Jan 2024 10:00:00 GMT' },
      { title: 'B', link: 'http://localhost/b', pubDate: 'Tue, 02 Jan 2024 10:00:00 GMT' },
    ]),
  );
  expect(posts.map((p) => p.title)).toEqual(['B', 'A']);
  expect(posts[0]?.link).toBe('http://localhost/b');
  expect(posts[0]?.pubDate.toISOString()).toBe('2024-01-02T10:00:00.000Z');
});

test('skips items without a title, link or valid date', () => {
  const posts = parseBlogFeed(rssFeed([{ title: 'No date', link: 'http://localhost/x', pubDate: 'soon' }]));
  expect(posts).toEqual([]);
});

test('rejects a feed that is not XML', () => {
  expect(() => parseBlogFeed('<rss><channel>')).toThrow('not valid XML');
});
