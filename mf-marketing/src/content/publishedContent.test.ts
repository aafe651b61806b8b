import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publish } from './publishedContent';

const packageDir = path.join(__dirname, '..', '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(packageDir, 'content', file), 'utf8'));

test('publishes every post of the blog, in its listed order, with the text of its markdown file', () => {
  const listed = readJson('blog/posts.json') as Array<{ slug: string; title: string; published: string; summary: string }>;
  const { posts } = publish(packageDir);
  expect(posts.map(({ markdown: _markdown, ...meta }) => meta)).toEqual(listed);
  for (const post of posts) expect(post.markdown).toBe(readFileSync(path.join(packageDir, 'content', 'blog', `${post.slug}.md`), 'utf8'));
});

test("publishes the network-testing API's addresses the content names, and nothing else of it", () => {
  const site = readJson('site.json') as { networkTool: { apiUrl?: string; apiContractUrl?: string | null } };
  expect(publish(packageDir).networkTool).toEqual({ apiUrl: site.networkTool.apiUrl ?? null, apiContractUrl: site.networkTool.apiContractUrl ?? null });
});

test('fails the build on a listed post without its markdown file, naming the file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'published-content-'));
  try {
    mkdirSync(path.join(dir, 'content', 'blog'), { recursive: true });
    writeFileSync(path.join(dir, 'content', 'site.json'), '{}');
    writeFileSync(
      path.join(dir, 'content', 'blog', 'posts.json'),
      JSON.stringify([{ slug: 'gone', title: 't', published: '2026-01-01T00:00:00Z', summary: 's' }]),
    );
    expect(() => publish(dir)).toThrow(/gone\.md/);
    writeFileSync(path.join(dir, 'content', 'blog', 'gone.md'), 'Here.');
    expect(publish(dir)).toEqual({
      posts: [{ slug: 'gone', title: 't', published: '2026-01-01T00:00:00Z', summary: 's', markdown: 'Here.' }],
      networkTool: { apiUrl: null, apiContractUrl: null },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
