export { WorldMap, type WorldMapProps } from './WorldMap';
export { type MapMarker } from './mapOption';
export { buildColourScale, SCALE_STEPS, SCALE_COLOURS, NO_DATA_COLOUR, type ColourScale, type ScaleStep } from './colourScale';
export { ZOOM_MIN, ZOOM_MAX, ZOOM_IN_FACTOR, ZOOM_OUT_FACTOR, ZOOM_DURATION_MS } from './zoom';
