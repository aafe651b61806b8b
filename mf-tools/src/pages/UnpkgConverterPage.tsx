import { ConverterPage } from '../converters/ConverterPage';
import { convertUnpkg, UNPKG_ERROR } from '../converters/unpkg';

export function UnpkgConverterPage() {
  return (
    <ConverterPage
      source="unpkg"
      convert={convertUnpkg}
      errorText={UNPKG_ERROR}
      intro="Every unpkg link has an equivalent CDN link for the same npm file; links with ?module become short ES module links."
    />
  );
}
