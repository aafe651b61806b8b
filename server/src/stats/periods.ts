/**
 * The period forms of the data API as pure functions of the current time: which UTC days a period covers,
 * which days the previous period covers (for growth figures), and which calendar periods to list.
 * Days are 'YYYY-MM-DD' strings throughout, so that both storage engines compare them as plain text.
 */

export type FloatingPeriod = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type StaticPeriodType = 's-month' | 's-quarter' | 's-year';

export interface DayRange {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface ResolvedPeriod extends DayRange {
  /** The parameter as given (after defaulting). */
  input: string;
  /** The days before `from` that the growth figures compare with; null for `all`. */
  prev: DayRange | null;
}

export class PeriodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeriodError';
  }
}

const FLOATING_DAYS: Record<FloatingPeriod, number> = { day: 1, week: 7, month: 30, quarter: 90, year: 365 };
const DAY_MS = 86_400_000;

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, n: number): string {
  return isoDay(new Date(dayToDate(day).getTime() + n * DAY_MS));
}

/** Number of days from `from` to `to`, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((dayToDate(range.to).getTime() - dayToDate(range.from).getTime()) / DAY_MS) + 1;
}

/** Every day of a range, oldest first. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Seconds until the next UTC midnight: how long statistics of the current day stay as they are cached. */
export function secondsUntilUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

function monthRange(year: number, month: number): DayRange {
  const from = isoDay(new Date(Date.UTC(year, month - 1, 1)));
  const to = isoDay(new Date(Date.UTC(year, month, 0)));
  return { from, to };
}

function quarterRange(year: number, quarter: number): DayRange {
  return { from: monthRange(year, quarter * 3 - 2).from, to: monthRange(year, quarter * 3).to };
}

function yearRange(year: number): DayRange {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** Earliest year a period may name; anything before it is certainly a typo. */
const FIRST_YEAR = 2000;

const PERIOD_FORMS = 'day, week, month, quarter, year, all, s-month, s-quarter, s-year, YYYY, YYYY-MM or YYYY-Qn';

/** A calendar range, clipped to today when it is the current one, with the preceding calendar range. */
function calendar(input: string, range: DayRange, prev: DayRange, today: string): ResolvedPeriod {
  if (range.from > today) throw new PeriodError(`Invalid parameter value: period ${input} is in the future.`);
  return { input, from: range.from, to: range.to < today ? range.to : today, prev };
}

export interface ParsePeriodOptions {
  now: Date;
  /** First day with data, for `all`; defaults to today. */
  firstDay?: string;
}

/**
 * Parses a `period` parameter. Floating periods end today (the statistics are recorded live, so the demo
 * traffic of today shows at once); calendar periods cover their calendar days up to today.
 */
export function parsePeriod(raw: string, options: ParsePeriodOptions): ResolvedPeriod {
  const today = isoDay(options.now);
  const input = raw;
  const invalid = (): PeriodError => new PeriodError(`Invalid parameter value: period must be one of ${PERIOD_FORMS}, got "${raw}".`);

  // Own keys only: `constructor` or `__proto__` is no period.
  if (Object.hasOwn(FLOATING_DAYS, raw)) {
    const days = FLOATING_DAYS[raw as FloatingPeriod];
    const from = addDays(today, -(days - 1));
    return { input, from, to: today, prev: { from: addDays(from, -days), to: addDays(from, -1) } };
  }
  if (raw === 'all') {
    const first = options.firstDay && options.firstDay < today ? options.firstDay : today;
    return { input, from: first, to: today, prev: null };
  }
  const year = options.now.getUTCFullYear();
  const month = options.now.getUTCMonth() + 1;
  if (raw === 's-month') {
    const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return calendar(input, monthRange(y, m), monthRange(py, pm), today);
  }
  if (raw === 's-quarter') {
    const current = Math.ceil(month / 3);
    const [y, q] = current === 1 ? [year - 1, 4] : [year, current - 1];
    const [py, pq] = q === 1 ? [y - 1, 4] : [y, q - 1];
    return calendar(input, quarterRange(y, q), quarterRange(py, pq), today);
  }
  if (raw === 's-year') return calendar(input, yearRange(year - 1), yearRange(year - 2), today);

  const match = /^(\d{4})(?:-(\d{2})|-Q([1-4]))?$/.exec(raw);
  if (!match) throw invalid();
  const y = Number(match[1]);
  if (y < FIRST_YEAR) throw invalid();
  if (match[2] !== undefined) {
    const m = Number(match[2]);
    if (m < 1 || m > 12) throw invalid();
    const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return calendar(input, monthRange(y, m), monthRange(py, pm), today);
  }
  if (match[3] !== undefined) {
    const q = Number(match[3]);
    const [py, pq] = q === 1 ? [y - 1, 4] : [y, q - 1];
    return calendar(input, quarterRange(y, q), quarterRange(py, pq), today);
  }
  return calendar(input, yearRange(y), yearRange(y - 1), today);
}

/**
 * Scales a previous period's total to the length of the current one, so that a 31-day month is not
 * compared unfairly with a 28-day one (the contract's "values are automatically adjusted").
 */
export function adjustPrev(total: number, period: ResolvedPeriod): number {
  if (!period.prev) return 0;
  const ratio = daysIn(period) / daysIn(period.prev);
  return ratio === 1 ? total : Math.round(total * ratio);
}

export interface CalendarPeriod {
  period: string;
  periodType: StaticPeriodType;
}

/** The calendar month, quarter and year a day falls in. */
export function calendarPeriodsOf(day: string): CalendarPeriod[] {
  const y = day.slice(0, 4);
  const m = Number(day.slice(5, 7));
  return [
    { period: `${y}-${day.slice(5, 7)}`, periodType: 's-month' },
    { period: `${y}-Q${Math.ceil(m / 3)}`, periodType: 's-quarter' },
    { period: y, periodType: 's-year' },
  ];
}

/**
 * The calendar periods to list: those containing a month with data, plus the current ones, newest first
 * (months before quarters before years when they start on the same day, as the website expects).
 */
export function listCalendarPeriods(monthsWithData: readonly string[], now: Date): CalendarPeriod[] {
  const seen = new Map<string, CalendarPeriod & { start: string; order: number }>();
  const order: Record<StaticPeriodType, number> = { 's-month': 0, 's-quarter': 1, 's-year': 2 };
  const today = isoDay(now);
  for (const month of [...monthsWithData, today.slice(0, 7)]) {
    if (!/^\d{4}-\d{2}$/.test(month) || `${month}-01` > today) continue;
    for (const p of calendarPeriodsOf(`${month}-01`)) {
      const start = p.periodType === 's-month' ? `${month}-01` : p.periodType === 's-year' ? `${p.period}-01-01` : quarterStart(p.period);
      seen.set(p.period, { ...p, start, order: order[p.periodType] });
    }
  }
  return [...seen.values()]
    .sort((a, b) => (a.start === b.start ? a.order - b.order : a.start < b.start ? 1 : -1))
    .map(({ period, periodType }) => ({ period, periodType }));
}

function quarterStart(period: string): string {
  const [y, q] = period.split('-Q');
  return quarterRange(Number(y), Number(q)).from;
}
