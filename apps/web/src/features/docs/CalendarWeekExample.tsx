// The calendar embed's weekly view, as readers see it on a publisher's page, filled with an example
// schedule: Monday to Sunday, today marked, and buttons to move by a week.
import { useState } from 'react';
import { Button } from 'primereact/button';
import {
  daysOfWeek,
  exampleProgramsOn,
  mondayOf,
  sameDay,
  shiftWeeks,
  timeRange,
  weekLabel,
} from './calendarWeek.ts';

export function CalendarWeekExample() {
  const today = new Date();
  const [monday, setMonday] = useState(() => mondayOf(today));
  const days = daysOfWeek(monday);
  return (
    <div className="hc-cal" data-testid="calendar-week">
      <div className="hc-cal-toolbar">
        <Button
          type="button"
          icon="pi pi-chevron-left"
          text
          rounded
          aria-label="Previous week"
          onClick={() => setMonday((m) => shiftWeeks(m, -1))}
          data-testid="calendar-previous"
        />
        <Button
          type="button"
          label="This week"
          size="small"
          outlined
          disabled={sameDay(monday, mondayOf(today))}
          onClick={() => setMonday(mondayOf(new Date()))}
          data-testid="calendar-today"
        />
        <Button
          type="button"
          icon="pi pi-chevron-right"
          text
          rounded
          aria-label="Next week"
          onClick={() => setMonday((m) => shiftWeeks(m, 1))}
          data-testid="calendar-next"
        />
        <h3 className="hc-cal-range" aria-live="polite" data-testid="calendar-range">
          {weekLabel(monday)}
        </h3>
      </div>
      <ol className="hc-cal-grid" aria-label={`Programs of the week ${weekLabel(monday)}`}>
        {days.map(({ date, weekday }) => {
          const programs = exampleProgramsOn(weekday);
          const isToday = sameDay(date, today);
          return (
            <li
              key={date.toISOString()}
              className={`hc-cal-day${isToday ? ' is-today' : ''}`}
              aria-current={isToday ? 'date' : undefined}
              data-testid="calendar-day"
            >
              <div className="hc-cal-day-head">
                <span className="hc-cal-weekday">
                  {date.toLocaleDateString('en-GB', { weekday: 'short' })}
                </span>
                <span className="hc-cal-date">{date.getDate()}</span>
              </div>
              {programs.length === 0 ? (
                <p className="hc-cal-empty">No programs</p>
              ) : (
                <ul className="hc-cal-programs">
                  {programs.map((p) => (
                    <li key={p.title} className="hc-cal-program">
                      <span className="hc-cal-time hc-num">{timeRange(p)}</span>
                      <span className="hc-cal-title">{p.title}</span>
                      <span className="hc-cal-channel">{p.channel}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
