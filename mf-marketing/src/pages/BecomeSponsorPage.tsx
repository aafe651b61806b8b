import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Tabs, tabPanelProps, useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { PLANS } from '../content/content';
import type { PlanId } from '../content/types';
import { PlanCard } from '../sponsors/PlanCard';
import { PlanSlider } from '../sponsors/PlanSlider';
import { useSponsorContact } from '../sponsors/sponsorContact';
import { useMediaQuery } from '@skylift/shared/ui';
import infoPageStyles from '../layout/InfoPage.module.css';
import sponsorsStyles from '../sponsors/Sponsors.module.css';

const TABS_ID = 'mk-plans';

/**
 * /become-a-sponsor: the plans of content/plans.json, in tabs on wide screens and a slider below 768 px, with the
 * operator's contact. Without a contact there is no way to take up a plan, so no plan or price is shown: the
 * page says how sponsors help and that the deployment has published no contact yet.
 */
export function BecomeSponsorPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  const narrow = useMediaQuery('(max-width: 767px)');
  const [selected, setSelected] = useState<PlanId>(PLANS[0]?.id ?? 'platinum');
  const contact = useSponsorContact();
  const contactUrl = contact?.href ?? null;
  const selectedIndex = Math.max(
    0,
    PLANS.findIndex((plan) => plan.id === selected),
  );
  const plan = PLANS[selectedIndex];
  return (
    <div className={infoPageStyles.page}>
      <h1>Become a sponsor</h1>
      <p className={infoPageStyles.lead}>
        {brand} serves open-source files for free. Sponsors pay for the servers and the traffic, and are shown on the <Link to="/sponsors">sponsors page</Link>{' '}
        and the <Link to="/about">about page</Link>.
      </p>
      {contactUrl ? (
        <section className={sponsorsStyles.plans} aria-label="Plans">
          {narrow ? (
            <PlanSlider plans={PLANS} active={selectedIndex} onActive={(index) => setSelected(PLANS[index]?.id ?? selected)} contactUrl={contactUrl} />
          ) : (
            <>
              <Tabs
                label="Sponsorship plans"
                idPrefix={TABS_ID}
                tabs={PLANS.map((p) => ({ id: p.id, label: p.name }))}
                selected={selected}
                onSelect={setSelected}
              />
              {plan ? (
                <div {...tabPanelProps(TABS_ID, plan.id)}>
                  <PlanCard plan={plan} contactUrl={contactUrl} />
                </div>
              ) : null}
            </>
          )}
        </section>
      ) : null}
      <section id="contact" className={sponsorsStyles.sponsorContact} aria-labelledby="mk-sponsor-contact-title">
        <h2 id="mk-sponsor-contact-title">Contact</h2>
        {contact ? (
          <p>
            To sponsor {brand}, or to ask about a plan, write to the people who run this deployment: <a href={contact.href}>{contact.label}</a>.
          </p>
        ) : (
          <div className={infoPageStyles.empty}>
            <p>The people who run this deployment have not published a contact for sponsorships yet, so no plan is offered here.</p>
          </div>
        )}
      </section>
    </div>
  );
}
