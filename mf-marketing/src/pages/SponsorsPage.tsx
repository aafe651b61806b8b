import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import type { Sponsor } from '@skylift/shared/config';
import { SITE } from '../content/content';
import { SponsorLink, useSponsors } from '../sponsors/SponsorStrip';
import infoPageStyles from '../layout/InfoPage.module.css';
import sponsorsStyles from '../sponsors/Sponsors.module.css';

const TIERS: Array<{ id: NonNullable<Sponsor['tier']> | 'other'; title: string; label: string }> = [
  { id: 'platinum', title: 'PLATINUM', label: 'Platinum' },
  { id: 'gold', title: 'GOLD', label: 'Gold' },
  { id: 'bronze', title: 'BRONZE', label: 'Bronze' },
  { id: 'other', title: 'SPONSORS', label: 'other' },
];

/** /sponsors: the deployment's sponsors (its site content) by tier, the donation links, the way to become one. */
export function SponsorsPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  const sponsors = useSponsors();
  const inTier = (id: (typeof TIERS)[number]['id']) => sponsors.filter((sponsor) => (sponsor.tier ?? 'other') === id);
  const total = sponsors.length;
  const donations = SITE.sponsorship.donations;
  return (
    <div className={infoPageStyles.page}>
      <h1>Sponsors</h1>
      <p className={infoPageStyles.lead}>{brand} is free for everyone. These companies pay for what it costs to run this deployment.</p>
      {total === 0 ? (
        <div className={infoPageStyles.empty}>
          <p>No company sponsors this deployment yet.</p>
          <p>A sponsorship pays for the servers and traffic that keep {brand} free, and puts your logo in front of the developers who use it.</p>
          <Link className={infoPageStyles.button} to="/become-a-sponsor">
            Become the first sponsor
          </Link>
        </div>
      ) : null}
      {/* The named tiers are always there, so that a link to #platinum, #gold or #bronze lands on its tier. */}
      {TIERS.filter((tier) => tier.id !== 'other' || inTier(tier.id).length > 0).map((tier) => {
        const members = inTier(tier.id);
        return (
          <section
            key={tier.id}
            id={tier.id}
            className={tier.id === 'platinum' ? `${sponsorsStyles.tier} ${sponsorsStyles.tierPlatinum}` : sponsorsStyles.tier}
            aria-labelledby={`${tier.id}-title`}
          >
            <h2 id={`${tier.id}-title`}>{tier.title}</h2>
            {members.length > 0 ? (
              <ul>
                {members.map((sponsor) => (
                  <li key={sponsor.name}>
                    <SponsorLink sponsor={sponsor} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={sponsorsStyles.tierEmpty}>
                No {tier.label} sponsor yet. <Link to="/become-a-sponsor">Become one</Link>
              </p>
            )}
          </section>
        );
      })}
      {total > 0 ? (
        <p>
          <Link className={infoPageStyles.button} to="/become-a-sponsor">
            Become a sponsor
          </Link>
        </p>
      ) : null}
      {donations.length > 0 ? (
        <section className={sponsorsStyles.donations} aria-labelledby="mk-donate-title">
          <h2 id="mk-donate-title">Donate</h2>
          <p>Individuals can support {brand} too:</p>
          <ul>
            {donations.map((donation) => (
              <li key={donation.url}>
                <a className={`${infoPageStyles.button} ${infoPageStyles.buttonGhost}`} href={donation.url} rel="noopener">
                  {donation.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
