import { ConverterPage } from '../converters/ConverterPage';
import { convertGoogle, GOOGLE_ERROR } from '../converters/google';

export function GoogleConverterPage() {
  return (
    <ConverterPage
      source="Google Hosted Libraries"
      convert={convertGoogle}
      errorText={GOOGLE_ERROR}
      intro="Each library Google hosts is published on npm or GitHub too: paste its link and get the same file from the CDN."
    />
  );
}
