/**
 * The product's blog, kept as data: the feed at /blog/rss is generated from it, and the website's footer
 * and blog page read that feed. Paragraphs are plain text; `backticks` mark code.
 */
import { BRAND } from '@skylift/shared/brand';

export interface BlogPost {
  /** Stable identifier, used as the anchor of the post on the blog page. */
  slug: string;
  title: string;
  /** ISO 8601 date and time, UTC. */
  published: string;
  summary: string;
  paragraphs: readonly string[];
}

const name = BRAND.name;

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'introducing-the-cdn',
    title: `Introducing ${name}: a free CDN for everything on npm and GitHub`,
    published: '2026-03-02T09:00:00Z',
    summary: `${name} serves any file of any package on npm and any tagged release on GitHub from a global network, free for open source, with no sign-up and no upload step.`,
    paragraphs: [
      `Today we open ${name} to everyone. Any file that is published to npm or tagged on GitHub is already available: there is nothing to upload and no account to create. The moment a version is published, a link like \`/npm/package@version/file\` works.`,
      `Links can name an exact version, a range such as \`@3\` or \`@^3.2\`, or a tag such as \`@latest\`. Exact versions are cached for a year, because a published version never changes; ranges are resolved again regularly, so a major-version link picks up new releases without anyone touching the page that uses it.`,
      'Every package also gets a page on the website: its readme, a file browser with the hash of every file, usage statistics and a link builder that writes the script and style tags for you, with subresource integrity if you want it.',
      `${name} is free for open source and it will stay that way. The sponsors listed on our sponsors page pay for the network; in return we keep the service fast, reliable and honest about how it works.`,
    ],
  },
  {
    slug: 'one-network-four-cdns',
    title: 'One network, four CDNs: how multi-CDN failover keeps files online',
    published: '2026-04-14T09:00:00Z',
    summary: `Every request to ${name} is answered by one of four commercial CDNs; health checks move traffic away from a provider within seconds when it has trouble.`,
    paragraphs: [
      `No single CDN is up all of the time, everywhere. That is why ${name} does not depend on one: requests are routed across four providers with more than 540 points of presence between them, and the origin behind them serves the same files to all four.`,
      'Routing is decided per region from real measurements: latency and error rates observed by probes around the world. When a provider slows down or starts failing in a region, its share of traffic there drops to zero within seconds and the others take over. Visitors see a slightly different edge, not an error.',
      'Because every provider caches the same immutable URLs, a failover does not cold-start anything: popular files are already in every cache. The cache hit rate of each provider is published on the network page, next to the map of where they are.',
      'Failover also covers the origin: files are kept in two regions, and a package that has been served once stays available even if the registry it came from is briefly unreachable.',
    ],
  },
  {
    slug: 'es-modules-with-esm',
    title: 'ES modules from any npm package with +esm',
    published: '2026-05-20T09:00:00Z',
    summary: 'Add +esm to a package link and get a minified ES module build whose imports point back at the CDN, ready for a script of type module.',
    paragraphs: [
      `Browsers load ES modules natively, but most packages on npm still ship CommonJS, or ES modules with bare imports that a browser cannot resolve. Appending \`/+esm\` to a package link on ${name} fixes both: \`/npm/package@version/+esm\` returns an ES module build of the package's entry point, bundled and minified.`,
      `Imports of other packages are not bundled in; they are rewritten to ${name} links of the versions the package declares, so two modules that share a dependency share one copy in the browser cache.`,
      'Use it directly from a module script with `import confetti from "/npm/canvas-confetti@1/+esm"`, or through esm.run, the short address that resolves a package name to the same build. Builds are cached like any other file: an exact version is built once and served from the edge afterwards.',
      'Not every package can run in a browser. When a build fails, for example because a package needs Node built-ins, the response says so with a clear error instead of a broken module.',
    ],
  },
  {
    slug: 'sri-and-dynamic-files',
    title: 'Subresource integrity: when to use it and when it breaks',
    published: '2026-07-08T09:00:00Z',
    summary: 'SRI hashes protect you from a modified file, but only files that never change can carry one: pin exact versions of static files and leave version ranges and generated files without it.',
    paragraphs: [
      'Subresource integrity lets a page say which exact bytes it expects from a script or a style sheet: the browser hashes what it downloads and refuses to run it if the hash differs. For a third-party CDN link that is a strong guarantee, and the link builder on every package page can add the `integrity` attribute for you.',
      'The guarantee only holds for files whose bytes never change. A link to an exact version of a file published on npm qualifies. A link with a version range, a `@latest` tag, a combined file or an automatically minified file does not: the content behind it changes when a new version is published or when the minifier is upgraded, and the browser would block it.',
      'Our rule of thumb: use SRI with exact versions of files that exist in the package, and do not use it with anything the CDN generates or resolves. The link builder follows the same rule and turns the SRI option off for links where a hash would break.',
      'Our SRI guide on the website goes through the cases one by one, with examples.',
    ],
  },
  {
    slug: 'open-statistics',
    title: 'Open statistics for every package',
    published: '2026-09-01T09:00:00Z',
    summary: `How many times was a file requested, from which network and which countries? ${name} now publishes usage statistics for every package, file and version, through the website and the data API.`,
    paragraphs: [
      `Every request ${name} serves is counted. The counts are published per package, per version and per file, for the last month, quarter or year, on each package page and through the public data API, so maintainers can see which versions their users really run.`,
      'Network-wide figures are public too: requests and bandwidth per CDN provider and per country, the platforms and browsers that make the requests, and the most requested packages. The statistics page shows them with the period of your choice.',
      'The numbers come from the request logs of the CDN, aggregated in a way that survives restarts: every request is counted once, and none is lost. The data API serves them as JSON, and badges show a package\'s monthly requests in a readme.',
      'The statistics say nothing about who made a request: we count requests, not people.',
    ],
  },
  {
    slug: 'purge-the-cache-yourself',
    title: 'Purge the cache yourself',
    published: '2026-10-15T09:00:00Z',
    summary: 'Moved a tag on GitHub or need a version range to resolve now? The purge tool clears files from every CDN in the network in a few seconds.',
    paragraphs: [
      `Links to exact versions never need a purge, because their content cannot change. Links with a version range, a tag or a branch, though, resolve to whatever the caches hold, and caches may otherwise wait up to seven days before asking again. Sometimes a fix has to go out now. The purge tool on the website clears up to ten URLs at once from ${name} and from every CDN in front of it.`,
      'Paste the URLs, one per line, solve the captcha and watch the results: each path is reported as purged once every provider has confirmed it, or tells you how many providers failed. The next request for the file is resolved again from npm or GitHub.',
      'Purging the same file over and over would only keep the caches cold for everyone, so repeated purges of one path are throttled, and the results list says so.',
    ],
  },
  {
    slug: 'billions-of-requests-a-week',
    title: 'What we learned serving billions of requests a week',
    published: '2026-11-10T09:00:00Z',
    summary: 'Immutable URLs, precompressed files and boring infrastructure: the small decisions that let a free CDN grow without growing its bill at the same pace.',
    paragraphs: [
      'Most of a CDN\'s traffic is the same few thousand files. Giving them URLs that never change lets every cache keep them for a year, so the origin only sees the long tail. Version ranges are the exception, and we resolve them with short cache times and long-lived results.',
      'We compress every text file once, with Brotli and gzip, and keep the results: compressing on every request would cost more CPU than everything else together. The website itself follows the same rules, with content-hashed file names and precompressed assets.',
      'Finally, we keep the moving parts few. The same code runs on a laptop with embedded storage and in production with shared databases; the choice is configuration. That makes every part testable on its own, which is what lets a small team keep a large service running.',
    ],
  },
];
