import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { HeadlineFigures } from '../about/HeadlineFigures';
import { PeopleList } from '../about/PeopleList';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { SponsorStrip } from '../sponsors/SponsorStrip';
import { AboutTabs } from '../layout/AboutTabs';
import '../layout/InfoPage.css';
import '../about/About.css';

/** /about: live figures, what the service focuses on (content/about.md), the people, the sponsors. */
export function AboutPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  return (
    <div className="mk-page">
      <AboutTabs />
      <h1>About {brand}</h1>
      <p className="mk-lead">
        {brand} is a free CDN for the files published on npm and GitHub. These are its figures, what it is built for, and the people and sponsors behind this
        deployment.
      </p>
      <HeadlineFigures />
      <section className="mk-about__focus" aria-label="Focus areas">
        <MarkdownDocument file="about.md" />
      </section>
      <PeopleList />
      <SponsorStrip />
      <ul className="mk-links">
        <li>
          <Link className="mk-button" to="/sponsors">
            Our sponsors
          </Link>
        </li>
        <li>
          <Link className="mk-button mk-button--ghost" to="/history">
            Our history
          </Link>
        </li>
        <li>
          <Link className="mk-button mk-button--ghost" to="/network/infographic">
            Network infographic
          </Link>
        </li>
      </ul>
    </div>
  );
}
