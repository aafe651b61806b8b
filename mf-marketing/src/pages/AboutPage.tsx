import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { HeadlineFigures } from '../about/HeadlineFigures';
import { PeopleList } from '../about/PeopleList';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { SponsorStrip } from '../sponsors/SponsorStrip';
import { AboutTabs } from '../layout/AboutTabs';
import infoPageStyles from '../layout/InfoPage.module.css';
import aboutStyles from '../about/About.module.css';

/** /about: live figures, what the service focuses on (content/about.md), the people, the sponsors. */
export function AboutPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  return (
    <div className={infoPageStyles.page}>
      <AboutTabs />
      <h1>About {brand}</h1>
      <p className={infoPageStyles.lead}>
        {brand} is a free CDN for the files published on npm and GitHub. These are its figures, what it is built for, and the people and sponsors behind this
        deployment.
      </p>
      <HeadlineFigures />
      <section className={aboutStyles.aboutFocus} aria-label="Focus areas">
        <MarkdownDocument file="about.md" className={aboutStyles.markdown} />
      </section>
      <PeopleList />
      <SponsorStrip />
      <ul className={infoPageStyles.links}>
        <li>
          <Link className={infoPageStyles.button} to="/sponsors">
            Our sponsors
          </Link>
        </li>
        <li>
          <Link className={`${infoPageStyles.button} ${infoPageStyles.buttonGhost}`} to="/history">
            Our history
          </Link>
        </li>
        <li>
          <Link className={`${infoPageStyles.button} ${infoPageStyles.buttonGhost}`} to="/network/infographic">
            Network infographic
          </Link>
        </li>
      </ul>
    </div>
  );
}
