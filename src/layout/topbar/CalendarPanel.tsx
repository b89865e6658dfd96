import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMemo, useState } from 'react';
import { intlLocale, useTranslation } from '../../i18n/index.ts';
import { calendarFormats } from './calendarFormats.ts';

/**
 * The top bar's month calendar, in a chunk of its own: fetched when the
 * customer first reaches for the Calendar button, so the signed-in page does
 * not wait for the date library, and the locale's formats (a dozen
 * Intl.DateTimeFormat objects, slow to make) are made only when it opens.
 */
export default function CalendarPanel() {
  const { t, language } = useTranslation('app');
  const [date, setDate] = useState<string | null>(() => new Date().toISOString().slice(0, 10));
  const formats = useMemo(() => calendarFormats(intlLocale(language)), [language]);
  return (
    <DatePicker
      value={date}
      onChange={setDate}
      {...formats}
      ariaLabels={{
        previousMonth: t('shell.calendar.previousMonth'),
        nextMonth: t('shell.calendar.nextMonth'),
        previousYear: t('shell.calendar.previousYear'),
        nextYear: t('shell.calendar.nextYear'),
        previousDecade: t('shell.calendar.previousDecade'),
        nextDecade: t('shell.calendar.nextDecade'),
        monthLevelControl: t('shell.calendar.chooseMonth'),
        yearLevelControl: t('shell.calendar.chooseYear'),
      }}
    />
  );
}
