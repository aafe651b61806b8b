import { DEFAULT_SITE_CONTENT, parseSiteContent, SiteContentError } from './siteContent';

test('a fresh install claims nothing: no figures, links, sites, sponsors or notice', () => {
  expect(parseSiteContent({})).toEqual(DEFAULT_SITE_CONTENT);
  expect(DEFAULT_SITE_CONTENT.figures).toEqual({ pointsOfPresence: null, websites: null, regions: null, firstYear: null });
  expect(DEFAULT_SITE_CONTENT.knownSites).toEqual([]);
  expect(DEFAULT_SITE_CONTENT.sponsors).toEqual([]);
  expect(DEFAULT_SITE_CONTENT.jobNotice).toBeNull();
  expect(DEFAULT_SITE_CONTENT.failover).toBe(false);
});

test('what an operator sets is kept, and what they leave out takes the defaults', () => {
  const content = parseSiteContent({
    figures: { websites: 1200 },
    links: { chat: 'https://chat.example/join', newsletter: '' },
    sponsors: [{ name: 'Example Host', tier: 'gold', url: 'https://host.example' }],
    jobNotice: { id: 'eng', text: 'We look for an engineer.', linkLabel: 'Apply', linkUrl: '/about' },
  });
  expect(content.figures).toEqual({ ...DEFAULT_SITE_CONTENT.figures, websites: 1200 });
  expect(content.links).toEqual({ ...DEFAULT_SITE_CONTENT.links, chat: 'https://chat.example/join' });
  expect(content.sponsors).toEqual([{ name: 'Example Host', tier: 'gold', url: 'https://host.example' }]);
  expect(content.jobNotice?.id).toBe('eng');
});

test.each([
  [[], 'must be a JSON object'],
  [{ figures: { websites: 'many' } }, 'figures.websites must be a number'],
  [{ figures: { regions: -1 } }, 'figures.regions must be a number of at least 0'],
  [{ links: { chat: 'javascript:alert(1)' } }, 'links.chat must be an http(s) URL'],
  [{ sponsors: [{ role: 'CDN' }] }, 'sponsors[0].name is required'],
  [{ sponsors: [{ name: 'A', tier: 'diamond' }] }, 'sponsors[0].tier must be platinum, gold or bronze'],
  [{ jobNotice: { id: 'x' } }, 'jobNotice.text is required'],
  [{ knownSites: Array.from({ length: 501 }, () => 'a') }, 'at most 500 entries'],
  [{ failover: 'yes' }, 'failover must be true or false'],
])('a faulty content file is refused, naming the fault (%#)', (value, message) => {
  expect(() => parseSiteContent(value)).toThrow(SiteContentError);
  expect(() => parseSiteContent(value)).toThrow(message);
});
