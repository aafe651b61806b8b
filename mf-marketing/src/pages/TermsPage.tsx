import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { POLICIES } from '../legal/policies';
import { PolicyNav } from '../legal/PolicyNav';
import '../layout/InfoPage.css';
import '../legal/Legal.css';

/** /terms: the three documents, each with what it covers. */
export function TermsPage() {
  return (
    <div className="mk-page mk-page--narrow">
      <h1>Terms and policies</h1>
      <PolicyNav />
      <p className="mk-lead">The terms that apply to {BRAND.name}, what it records about its use, and who else handles data on its behalf.</p>
      <ul className="mk-policy-cards">
        {POLICIES.map((policy) => (
          <li key={policy.slug}>
            <h2>
              <Link to={`/terms/${policy.slug}`}>{policy.title}</Link>
            </h2>
            <p>{policy.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
