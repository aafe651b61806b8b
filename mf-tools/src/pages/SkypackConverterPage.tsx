import { ConverterPage } from '../converters/ConverterPage';
import { convertSkypack, SKYPACK_ERROR, SKYPACK_EXAMPLES } from '../converters/skypack';

export function SkypackConverterPage() {
  return (
    <ConverterPage
      source="Skypack"
      convert={convertSkypack}
      errorText={SKYPACK_ERROR}
      comparison={SKYPACK_EXAMPLES}
      intro="Most Skypack links convert to an ES module the CDN builds from the same npm package."
    />
  );
}
