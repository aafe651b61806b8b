import { ConverterPage } from '../converters/ConverterPage';
import { convertGoogle, GOOGLE_ERROR, MOOTOOLS_NPM_VERSION } from '../converters/google';

export function GoogleConverterPage() {
  return (
    <ConverterPage
      source="Google Hosted Libraries"
      convert={convertGoogle}
      errorText={GOOGLE_ERROR}
      intro={`Each library Google hosts is published on npm or GitHub too: paste its link and get the same file from the CDN. npm has one browser build of MooTools (${MOOTOOLS_NPM_VERSION}), so every MooTools link converts to that version.`}
    />
  );
}
