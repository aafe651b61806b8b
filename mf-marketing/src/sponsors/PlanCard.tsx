import type { Plan } from '../content/types';
import infoPageStyles from '../layout/InfoPage.module.css';
import sponsorsStyles from './Sponsors.module.css';

const PLAN_CLASS: Partial<Record<Plan['id'], string>> = {
  platinum: sponsorsStyles.planPlatinum,
  gold: sponsorsStyles.planGold,
  bronze: sponsorsStyles.planBronze,
};

/** One sponsorship plan: price, what it includes, how to start. */
export function PlanCard({ plan, contactUrl }: { plan: Plan; contactUrl: string | null }) {
  return (
    <div className={PLAN_CLASS[plan.id] ? `${sponsorsStyles.plan} ${PLAN_CLASS[plan.id]}` : sponsorsStyles.plan}>
      <h3>{plan.name}</h3>
      <p className={sponsorsStyles.planPrice}>
        {plan.price ? (
          <>
            <strong>{plan.price}</strong>
            {plan.period ? ` / ${plan.period}` : null}
          </>
        ) : (
          <strong>Let’s talk</strong>
        )}
      </p>
      {plan.priceRange ? (
        <p className={sponsorsStyles.planRange}>
          {plan.priceRange} per {plan.period}
        </p>
      ) : null}
      <ul>
        {plan.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {contactUrl ? (
        <a className={infoPageStyles.button} href={contactUrl}>
          {plan.price ? `Become a ${plan.name} sponsor` : 'Propose a custom plan'}
        </a>
      ) : (
        <p>This deployment has not published a sponsorship contact yet.</p>
      )}
    </div>
  );
}
