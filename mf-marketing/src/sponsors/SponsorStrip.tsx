import { Link } from 'react-router-dom';
import { SPONSORS } from '../content/content';
import type { Sponsor } from '../content/types';
import { sponsorLogoUrl } from './sponsorLogo';

export function SponsorLink({ sponsor }: { sponsor: Sponsor }) {
  return (
    <a href={sponsor.url} className="mk-sponsor" rel="sponsored noopener">
      {sponsor.logo ? <img src={sponsorLogoUrl(sponsor.logo)} alt={sponsor.name} loading="lazy" /> : sponsor.name}
    </a>
  );
}

/** Every sponsor of content/sponsors.json in one row, best tier first; an invitation when there are none. */
export function SponsorStrip() {
  const all = [...SPONSORS.platinum, ...SPONSORS.gold, ...SPONSORS.bronze];
  return (
    <section aria-labelledby="mk-strip-title" className="mk-strip">
      <h2 id="mk-strip-title">Sponsors</h2>
      {all.length === 0 ? (
        <div className="mk-empty">
          <p>No company sponsors this deployment yet.</p>
          <Link to="/become-a-sponsor">Become the first sponsor</Link>
        </div>
      ) : (
        <ul className="mk-strip__list">
          {all.map((sponsor) => (
            <li key={sponsor.name}>
              <SponsorLink sponsor={sponsor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
