/** The sponsors that carry the network, as text wordmarks (no request leaves the site for a logo). */
import { Link } from 'react-router-dom';

export const SPONSORS: ReadonlyArray<{ name: string; role: string }> = [
  { name: 'Cloudflare', role: 'CDN' },
  { name: 'Fastly', role: 'CDN' },
  { name: 'Bunny', role: 'CDN' },
  { name: 'G-Core Labs', role: 'CDN' },
  { name: 'NS1', role: 'DNS' },
  { name: 'Backblaze', role: 'Storage' },
];

export function SponsorLogos() {
  return (
    <section className="ms-section ms-sponsors" aria-labelledby="home-sponsors-heading">
      <h2 id="home-sponsors-heading" className="ms-sponsors__title">
        Free and open, thanks to our sponsors
      </h2>
      <ul className="ms-sponsors__list">
        {SPONSORS.map((sponsor) => (
          <li key={sponsor.name} className="ms-sponsor">
            <span className="ms-sponsor__name">{sponsor.name}</span>
            <span className="ms-sponsor__role">{sponsor.role}</span>
          </li>
        ))}
      </ul>
      <p className="ms-sponsors__more">
        <Link to="/sponsors">All sponsors</Link> · <Link to="/become-a-sponsor">Become a sponsor</Link>
      </p>
    </section>
  );
}
