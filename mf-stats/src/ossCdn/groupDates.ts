/**
 * The bar chart's grouping: by day, by week (weeks start on Monday, UTC) or, for a year, by
 * month. A group's value is the sum of its days.
 */
export type GroupBy = 'day' | 'week' | 'month';

export interface ChartPoint {
  key: string;
  value: number;
}

/** Month is offered only for a year: the floating year or a calendar year (`2025`). */
export function groupingsFor(period: string): GroupBy[] {
  return period === 'year' || /^\d{4}$/.test(period) ? ['day', 'week', 'month'] : ['day', 'week'];
}

function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

export function groupDates(dates: Record<string, number>, by: GroupBy): ChartPoint[] {
  const groups = new Map<string, number>();
  for (const day of Object.keys(dates).sort()) {
    const key = by === 'day' ? day : by === 'week' ? weekStart(day) : day.slice(0, 7);
    groups.set(key, (groups.get(key) ?? 0) + (dates[day] ?? 0));
  }
  return [...groups].map(([key, value]) => ({ key, value }));
}
