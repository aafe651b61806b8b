import { ConverterPage } from '../converters/ConverterPage';
import { convertSkypack, SKYPACK_ERROR } from '../converters/skypack';

export function SkypackConverterPage() {
  return (
    <ConverterPage
      source="Skypack"
      convert={convertSkypack}
      errorText={SKYPACK_ERROR}
      comparison
      intro="Most Skypack links convert to an ES module the CDN builds from the same npm package."
    />
  );
}
