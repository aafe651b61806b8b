import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { POLICIES } from '../legal/policies';
import { PolicyNav } from '../legal/PolicyNav';
import infoPageStyles from '../layout/InfoPage.module.css';
import legalStyles from '../legal/Legal.module.css';

/** /terms: the three documents, each with what it covers. */
export function TermsPage() {
  return (
    <div className={`${infoPageStyles.page} ${infoPageStyles.pageNarrow}`}>
      <h1>Terms and policies</h1>
      <PolicyNav />
      <p className={infoPageStyles.lead}>The terms that apply to {BRAND.name}, what it records about its use, and who else handles data on its behalf.</p>
      <ul className={legalStyles.policyCards}>
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
