/** Well-known sites that load files from us, a first row at a time: Load more shows all, Show less folds back. */
import { useState } from 'react';
import { BRAND } from '@skylift/shared';

export const KNOWN_SITES: readonly string[] = [
  'Microsoft', 'Mozilla', 'Wikipedia', 'Stack Overflow', 'Adobe', 'Samsung', 'Tencent', 'Alibaba', 'Baidu', 'Zoom', 'Shopify', 'WordPress.com',
  'Medium', 'Reddit', 'Twitch', 'Spotify', 'Atlassian', 'Salesforce', 'Intel', 'IBM', 'Oracle', 'Cisco', 'Dell', 'HP', 'Lenovo', 'Sony',
  'Nvidia', 'Xiaomi', 'Huawei', 'Booking.com', 'Airbnb', 'Etsy', 'eBay', 'PayPal', 'Stripe', 'Mailchimp', 'HubSpot', 'Zendesk', 'Trello',
  'Notion', 'Figma', 'Canva', 'Dropbox', 'Vimeo', 'SoundCloud', 'Bitbucket', 'GitLab', 'CodePen', 'JSFiddle', 'Observable', 'Kaggle', 'Coursera',
];

/** How many show before Load more. */
export const KNOWN_SITES_FIRST = 12;

export function KnownSites() {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? KNOWN_SITES : KNOWN_SITES.slice(0, KNOWN_SITES_FIRST);
  return (
    <section className="ms-section ms-sites" aria-labelledby="home-sites-heading">
      <h2 id="home-sites-heading">Trusted by the web</h2>
      <p className="ms-section__lead">Millions of websites load their files from {BRAND.name}, among them:</p>
      <ul className="ms-sites__list" id="home-sites-list">
        {shown.map((site) => (
          <li key={site}>{site}</li>
        ))}
      </ul>
      <button type="button" className="ms-button ms-button--ghost" aria-controls="home-sites-list" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
        {expanded ? 'Show less' : 'Load more'}
      </button>
    </section>
  );
}
