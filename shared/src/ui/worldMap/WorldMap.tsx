/**
 * A world map by country, over Natural Earth shapes, drawn with echarts. Countries are coloured on an
 * 8-step scale with its legend; optional point markers (for example network locations) are drawn on top,
 * coloured by group. Zoom goes from 1 to 8 with the buttons (×1.4 in, ×0.6 out, 750 ms) or the mouse.
 * echarts and the shapes are downloaded only when the map scrolls into view.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInView } from '@skylift/shared';
import { formatShort } from '@skylift/shared/format';
import { buildColourScale } from './colourScale';
import { buildMapOption, type MapMarker } from './mapOption';
import { loadWorldMap } from './mapLoader';
import { clampZoom, zoomedIn, zoomedOut, ZOOM_MAX, ZOOM_MIN } from './zoom';
import './WorldMap.css';

export interface WorldMapProps {
  /** Accessible description of what the map shows. */
  label: string;
  /** A figure per country (ISO 3166-1 alpha-2 code); countries left out count as no data. */
  values?: Record<string, number>;
  /** What the figures are, for the legend and tooltips (for example "Requests"). */
  valueLabel?: string;
  formatValue?: (value: number) => string;
  markers?: readonly MapMarker[];
  /** Colour of each marker group. */
  groupColours?: Record<string, string>;
  /** Shown over the map when `values` is given but holds no figure above zero. */
  emptyText?: string;
  initialZoom?: number;
  /** Longitude and latitude the map starts centred on. */
  center?: [number, number];
  height?: number;
  countryName?: (code: string) => string;
  className?: string;
}

interface MapChart {
  setOption(option: unknown, settings?: unknown): void;
  getOption(): { geo?: Array<{ zoom?: number }> };
  on(event: string, handler: () => void): void;
  resize(): void;
  dispose(): void;
}

const regionNames = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }) : null;

function defaultCountryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

const NO_VALUES: Record<string, number> = {};
const NO_MARKERS: readonly MapMarker[] = [];
const NO_GROUPS: Record<string, string> = {};

export function WorldMap({
  label,
  values,
  valueLabel = 'Value',
  formatValue = formatShort,
  markers = NO_MARKERS,
  groupColours = NO_GROUPS,
  emptyText = 'No data',
  initialZoom = ZOOM_MIN,
  center,
  height = 420,
  countryName = defaultCountryName,
  className,
}: WorldMapProps) {
  const ranked = useMemo(
    () =>
      Object.entries(values ?? NO_VALUES)
        .filter(([, value]) => value > 0)
        .sort((a, b) => b[1] - a[1]),
    [values],
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<MapChart | null>(null);
  // Only once the map itself is on screen: its code and shapes are the heaviest part of a page that shows it.
  const inView = useInView(frameRef, '0px');
  const [state, setState] = useState<'waiting' | 'ready' | 'failed'>('waiting');
  const [zoom, setZoom] = useState(() => clampZoom(initialZoom));

  const figures = values ?? NO_VALUES;
  const scale = useMemo(() => buildColourScale(Object.values(figures)), [figures]);
  const isEmpty = values !== undefined && scale.steps.length === 0;

  const option = useMemo(() => {
    const countryColours: Record<string, string> = {};
    for (const [code, value] of Object.entries(figures)) if (value > 0) countryColours[code] = scale.colourOf(value);
    const countryTooltip = (code: string) => {
      const value = figures[code];
      const name = countryName(code);
      return values === undefined ? name : `${name}: ${value && value > 0 ? formatValue(value) : 'No data'}`;
    };
    return buildMapOption({ countryColours, countryTooltip, markers, groupColours, zoom, ...(center ? { center } : {}) });
  }, [figures, scale, values, countryName, formatValue, markers, groupColours, zoom, center]);

  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    if (!inView) return undefined;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadWorldMap()
      .then(({ echarts }) => {
        if (disposed || !boxRef.current) return;
        const chart = echarts.init(boxRef.current, undefined, { renderer: 'canvas' }) as unknown as MapChart;
        chartRef.current = chart;
        chart.setOption(optionRef.current, true);
        // Wheel and drag zoom inside echarts; keep the buttons' zoom in step with it.
        chart.on('georoam', () => {
          const current = chart.getOption().geo?.[0]?.zoom;
          if (typeof current === 'number') setZoom(clampZoom(current));
        });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(boxRef.current);
        }
        setState('ready');
      })
      // A failed download and a browser that cannot draw (no canvas) end the same way: a message, not a broken page.
      .catch(() => {
        if (disposed) return;
        chartRef.current?.dispose();
        chartRef.current = null;
        setState('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, [inView]);

  useEffect(() => {
    // Series are replaced, not merged, so a marker group that is gone disappears.
    try {
      chartRef.current?.setOption(option, { replaceMerge: ['series'] });
    } catch {
      setState('failed');
    }
  }, [option]);

  return (
    <div ref={frameRef} className={`sl-world-map${className ? ` ${className}` : ''}`}>
      <div className="sl-world-map__stage" style={{ height }}>
        <div ref={boxRef} className="sl-world-map__canvas" role="img" aria-label={label} />
        {state === 'waiting' && <p className="sl-world-map__status">Loading the map...</p>}
        {state === 'failed' && (
          <p className="sl-world-map__status" role="alert">
            The map could not be loaded.
          </p>
        )}
        {/* One line at a time: "No data" only once the map is drawn, never over "Loading the map...". */}
        {state === 'ready' && isEmpty && <p className="sl-world-map__status sl-world-map__status--empty">{emptyText}</p>}
        <div className="sl-world-map__zoom">
          <button type="button" aria-label="Zoom in" disabled={zoom >= ZOOM_MAX} onClick={() => setZoom(zoomedIn)}>
            +
          </button>
          <button type="button" aria-label="Zoom out" disabled={zoom <= ZOOM_MIN} onClick={() => setZoom(zoomedOut)}>
            −
          </button>
        </div>
      </div>
      {ranked.length > 0 && (
        // The figures the colours stand for, for whoever cannot see the map.
        <table className="sl-visually-hidden">
          <caption>{`${valueLabel} per country`}</caption>
          <tbody>
            {ranked.map(([code, value]) => (
              <tr key={code} data-country={code}>
                <th scope="row">{countryName(code)}</th>
                <td>{formatValue(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {scale.steps.length > 0 && (
        <ol className="sl-world-map__legend" aria-label={`${valueLabel} per country`}>
          {scale.steps.map((step) => (
            <li key={step.colour}>
              <span className="sl-world-map__swatch" style={{ background: step.colour }} aria-hidden="true" />
              {formatValue(step.from)} – {formatValue(step.to)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
