import type { Plan } from '../content/types';

/** One sponsorship plan: price, what it includes, how to start. */
export function PlanCard({ plan, contactUrl }: { plan: Plan; contactUrl: string | null }) {
  return (
    <div className={`mk-plan mk-plan--${plan.id}`}>
      <h3>{plan.name}</h3>
      <p className="mk-plan__price">
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
        <p className="mk-plan__range">
          {plan.priceRange} per {plan.period}
        </p>
      ) : null}
      <ul>
        {plan.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {contactUrl ? (
        <a className="mk-button" href={contactUrl}>
          {plan.price ? `Become a ${plan.name} sponsor` : 'Propose a custom plan'}
        </a>
      ) : (
        <p className="mk-plan__contact">This deployment has not published a sponsorship contact yet.</p>
      )}
    </div>
  );
}
