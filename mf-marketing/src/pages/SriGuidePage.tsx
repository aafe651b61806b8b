import { MarkdownDocument } from '../markdown/MarkdownDocument';
import '../layout/InfoPage.css';

/** /using-sri-with-dynamic-files: when subresource integrity works with CDN links (content/sri.md). */
export function SriGuidePage() {
  return (
    <div className="mk-page mk-page--narrow">
      <h1>Using SRI with dynamic files</h1>
      <MarkdownDocument file="sri.md" />
    </div>
  );
}
