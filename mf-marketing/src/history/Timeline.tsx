import { contentUrl } from '../content/contentUrl';
import type { EventType, TimelineEvent } from '../content/types';
import { Markdown } from '../markdown/Markdown';
import { groupEvents, MONTH_NAMES } from './groupEvents';
import './Timeline.css';

const TYPE_LABELS: Record<EventType, string> = { updates: 'Update', deals: 'Deal', numbers: 'Numbers' };

function EventLogo({ img }: { img: NonNullable<TimelineEvent['img']> }) {
  const src = contentUrl(`history/${img.name}.${img.ext}`);
  // A png gets its double-resolution sibling for sharp screens; an svg is sharp at any size.
  const srcSet = img.ext === 'png' ? `${src} 1x, ${contentUrl(`history/${img.name}@2x.png`)} 2x` : undefined;
  return (
    <picture className={`mk-event__logo${img.class ? ` ${img.class}` : ''}`}>
      <source media="(min-width: 768px)" srcSet={srcSet ?? src} width={img.widthLarge} />
      <img src={src} srcSet={srcSet} width={img.widthSmall} alt="" loading="lazy" />
    </picture>
  );
}

/** The events of content/history.json on a timeline by year and month. */
export function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const years = groupEvents(events);
  if (years.length === 0) {
    return (
      <div className="mk-empty">
        <p>No events have been recorded for this deployment yet.</p>
      </div>
    );
  }
  return (
    <ol className="mk-timeline" aria-label="Timeline">
      {years.map((year) => (
        <li key={year.year} className="mk-timeline__year">
          <h2>{year.year}</h2>
          <ol>
            {year.months.map((month) => (
              <li key={month.month} className="mk-timeline__month">
                <h3>{MONTH_NAMES[month.month - 1]}</h3>
                <ul>
                  {month.events.map((event, index) => (
                    <li key={index} className={`mk-event mk-event--${event.side} mk-event--${event.type}`} data-side={event.side}>
                      <span className="mk-event__type">{TYPE_LABELS[event.type]}</span>
                      {event.img ? <EventLogo img={event.img} /> : null}
                      <Markdown text={event.text} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
