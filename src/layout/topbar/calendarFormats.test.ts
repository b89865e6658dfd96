import { describe, expect, it } from 'vitest';
import { calendarFormats } from './calendarFormats.ts';

describe("the top bar's calendar speaks the customer's locale", () => {
  it('names the month and weekdays in the language, not in English', () => {
    const german = calendarFormats('de');
    expect(german.monthLabelFormat('2026-11-01')).toBe('November 2026');
    expect(german.monthLabelFormat('2026-03-01')).toBe('März 2026');
    expect(german.weekdayFormat('2026-11-23')).toMatch(/^Mo\.?$/);
    expect(german.getDayAriaLabel('2026-11-26')).toBe('26. November 2026');
    expect(calendarFormats('ja').monthLabelFormat('2026-11-01')).toBe('2026年11月');
    expect(calendarFormats('ar').monthsListFormat('2026-01-01')).toBe('يناير');
  });

  it('reads a date and time as that day, whatever the time zone', () => {
    expect(calendarFormats('fr').getDayAriaLabel('2026-01-01 23:30:00')).toBe('1 janvier 2026');
  });

  it("starts the week on the locale's first day, with its weekend", () => {
    expect(calendarFormats('en-GB').firstDayOfWeek).toBe(1);
    expect(calendarFormats('he').firstDayOfWeek).toBe(0);
    expect(calendarFormats('he').weekendDays).toEqual([5, 6]);
    expect(calendarFormats('pt-BR').firstDayOfWeek).toBe(0);
  });

  it('labels a decade as a range of years', () => {
    expect(calendarFormats('en-GB').decadeLabelFormat('2020-01-01', '2029-12-31')).toMatch(/^2020\s?–\s?2029$/);
  });
});
