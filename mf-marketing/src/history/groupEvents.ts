import type { TimelineEvent } from '../content/types';

export interface MonthGroup {
  month: number;
  events: Array<TimelineEvent & { side: 'left' | 'right' }>;
}

export interface YearGroup {
  year: number;
  months: MonthGroup[];
}

/** Events by year, then month, oldest first; sides alternate left and right through the whole timeline. */
export function groupEvents(events: readonly TimelineEvent[]): YearGroup[] {
  const sorted = [...events].sort((a, b) => a.year - b.year || a.month - b.month);
  const years: YearGroup[] = [];
  sorted.forEach((event, index) => {
    let year = years[years.length - 1];
    if (!year || year.year !== event.year) years.push((year = { year: event.year, months: [] }));
    let month = year.months[year.months.length - 1];
    if (!month || month.month !== event.month) year.months.push((month = { month: event.month, events: [] }));
    month.events.push({ ...event, side: index % 2 === 0 ? 'left' : 'right' });
  });
  return years;
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
