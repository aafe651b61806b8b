import { contentUrl } from '../content/contentUrl';
import type { EventType, TimelineEvent } from '../content/types';
import { Markdown } from '../markdown/Markdown';
import { groupEvents, MONTH_NAMES } from './groupEvents';
import timelineStyles from './Timeline.module.css';
import infoPageStyles from '../layout/InfoPage.module.css';

const TYPE_LABELS: Record<EventType, string> = { updates: 'Update', deals: 'Deal', numbers: 'Numbers' };
/** The stylesheet's modifiers by side and type (a type it does not style has none). */
const SIDE_CLASS: Record<'left' | 'right', string | undefined> = { left: timelineStyles.eventLeft, right: timelineStyles.eventRight };
const TYPE_CLASS: Record<EventType, string | undefined> = { updates: undefined, deals: timelineStyles.eventDeals, numbers: timelineStyles.eventNumbers };

function EventLogo({ img }: { img: NonNullable<TimelineEvent['img']> }) {
  const src = contentUrl(`history/${img.name}.${img.ext}`);
  // A png gets its double-resolution sibling for sharp screens; an svg is sharp at any size.
  const srcSet = img.ext === 'png' ? `${src} 1x, ${contentUrl(`history/${img.name}@2x.png`)} 2x` : undefined;
  return (
    <picture className={img.class ? `${timelineStyles.eventLogo} ${img.class}` : timelineStyles.eventLogo}>
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
      <div className={infoPageStyles.empty}>
        <p>No events have been recorded for this deployment yet.</p>
      </div>
    );
  }
  return (
    <ol className={timelineStyles.timeline} aria-label="Timeline">
      {years.map((year) => (
        <li key={year.year} className={timelineStyles.timelineYear}>
          <h2>{year.year}</h2>
          <ol>
            {year.months.map((month) => (
              <li key={month.month} className={timelineStyles.timelineMonth}>
                <h3>{MONTH_NAMES[month.month - 1]}</h3>
                <ul>
                  {month.events.map((event, index) => (
                    <li
                      key={index}
                      className={[timelineStyles.event, SIDE_CLASS[event.side], TYPE_CLASS[event.type]].filter(Boolean).join(' ')}
                      data-side={event.side}
                    >
                      <span className={timelineStyles.eventType}>{TYPE_LABELS[event.type]}</span>
                      {event.img ? <EventLogo img={event.img} /> : null}
                      <Markdown text={event.text} className={timelineStyles.markdown} />
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
