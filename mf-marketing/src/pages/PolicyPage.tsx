import { Link, useParams } from 'react-router-dom';
import { policyBySlug } from '../legal/policies';
import { PolicyNav } from '../legal/PolicyNav';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import '../layout/InfoPage.css';
import '../legal/Legal.css';

/** /terms/{policy}: one of the documents in content/legal/, rendered from markdown. */
export function PolicyPage() {
  const { currentPolicy = '' } = useParams();
  const policy = policyBySlug(currentPolicy);
  if (!policy) {
    return (
      <div className="mk-page mk-page--narrow">
        <h1>Document not found</h1>
        <PolicyNav />
        <p>
          There is no document called “{currentPolicy}”. See all <Link to="/terms">terms and policies</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="mk-page mk-page--narrow">
      <h1>{policy.title}</h1>
      <PolicyNav current={policy.slug} />
      <MarkdownDocument key={policy.file} file={policy.file} />
    </div>
  );
}
