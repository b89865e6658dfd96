/**
 * The top bar's calendar in the customer's locale, through Intl: Mantine's date pickers name months and weekdays
 * with dayjs, in English unless a dayjs locale is loaded for each language; these formats take its place, and the
 * locale's own first day of the week and weekend (Intl.Locale's week information, where the browser has it).
 */
import type { DayOfWeek } from '@mantine/dates';

/** A date as Mantine's pickers pass it ('YYYY-MM-DD', perhaps with a time after it), as that day at 00:00 UTC. */
function dayOf(value: string): Date {
  const [year = 1970, month = 1, day = 1] = value.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

interface WeekInfo {
  /** 1 (Monday) to 7 (Sunday) */
  firstDay: number;
  weekend: number[];
}

/** The locale's week, where the browser can say (getWeekInfo in Chromium and Safari, weekInfo in older ones). */
function weekOf(locale: string): WeekInfo | undefined {
  try {
    const tag = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    return tag.getWeekInfo?.() ?? tag.weekInfo;
  } catch {
    return undefined;
  }
}

/** Intl's day number (1 Monday … 7 Sunday) as Mantine's (0 Sunday … 6 Saturday). */
const mantineDay = (day: number) => (day % 7) as DayOfWeek;

export function calendarFormats(locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return (value: string) => formatter.format(dayOf(value));
  };
  const years = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  const week = weekOf(locale);
  return {
    monthLabelFormat: format({ month: 'long', year: 'numeric' }),
    weekdayFormat: format({ weekday: 'short' }),
    getDayAriaLabel: format({ day: 'numeric', month: 'long', year: 'numeric' }),
    yearLabelFormat: format({ year: 'numeric' }),
    monthsListFormat: format({ month: 'short' }),
    yearsListFormat: format({ year: 'numeric' }),
    decadeLabelFormat: (start: string, end: string) => years.formatRange(dayOf(start), dayOf(end)),
    firstDayOfWeek: mantineDay(week?.firstDay ?? 1),
    weekendDays: (week?.weekend ?? [6, 7]).map(mantineDay),
  };
}
