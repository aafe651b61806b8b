import { ConverterPage } from '../converters/ConverterPage';
import { convertEsmSh, ESM_SH_ERROR, ESM_SH_EXAMPLES } from '../converters/esmSh';

export function EsmShConverterPage() {
  return (
    <ConverterPage
      source="esm.sh"
      convert={convertEsmSh}
      errorText={ESM_SH_ERROR}
      comparison={ESM_SH_EXAMPLES}
      intro="Most esm.sh links convert to an ES module the CDN builds from the same npm package."
    />
  );
}
