//! Calendar dates for the library's records and daily puzzles: `YYYY-MM-DD` read and written,
//! days counted from 1970-01-01 (Gregorian calendar), weekdays, and today from the clock.

use std::fmt;

/// A day of the Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// Reads `YYYY-MM-DD`; `None` for anything else or a day the calendar does not have.
    pub fn parse(text: &str) -> Option<Date> {
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts[..] else {
            return None;
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return None;
        }
        let date = Date {
            year: year.parse().ok()?,
            month: month.parse().ok()?,
            day: day.parse().ok()?,
        };
        let valid = (1..=12).contains(&date.month)
            && (1..=days_in_month(date.year, date.month)).contains(&date.day);
        valid.then_some(date)
    }

    /// Days since 1970-01-01 (negative before).
    pub fn days(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let year = if self.month <= 2 {
            self.year - 1
        } else {
            self.year
        };
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5
            + i64::from(self.day)
            - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date { year, month, day }
    }

    /// The day of the week, 0 = Monday … 6 = Sunday.
    pub fn weekday(self) -> usize {
        // 1970-01-01 was a Thursday (3).
        (self.days() + 3).rem_euclid(7) as usize
    }

    /// Today (UTC) by the system clock.
    pub fn today() -> Date {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Date::from_days(seconds.div_euclid(86_400))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The days of a month of the Gregorian calendar.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked_against_the_calendar() {
        for good in ["2027-01-31", "2028-02-29", "2000-02-29", "1999-12-01"] {
            assert_eq!(Date::parse(good).unwrap().to_string(), good);
        }
        for bad in [
            "2027-02-29",
            "1900-02-29",
            "2027-13-01",
            "2027-00-10",
            "2027-1-1",
            "27-01-01",
            "",
            "x",
        ] {
            assert!(Date::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn days_and_weekdays_agree_with_the_calendar() {
        assert_eq!(Date::parse("1970-01-01").unwrap().days(), 0);
        assert_eq!(Date::parse("2000-03-01").unwrap().days(), 11_017);
        // 2027-01-01 is a Friday, 2026-11-25 a Wednesday.
        assert_eq!(Date::parse("2027-01-01").unwrap().weekday(), 4);
        assert_eq!(Date::parse("2026-11-25").unwrap().weekday(), 2);
        for days in -800_000..800_000i64 {
            if days % 997 == 0 {
                assert_eq!(Date::from_days(days).days(), days);
            }
        }
        let mut date = Date::parse("2027-12-30").unwrap();
        let next: Vec<String> = (0..4)
            .map(|_| {
                date = Date::from_days(date.days() + 1);
                date.to_string()
            })
            .collect();
        assert_eq!(
            next,
            ["2027-12-31", "2028-01-01", "2028-01-02", "2028-01-03"]
        );
    }
}
