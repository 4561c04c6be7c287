import Foundation
import Synchronization

/// Dates as a language writes them (`1 May 2024`, `1. Mai 2024`, `2024年5月1日`), for the
/// dates pages show; machines read the ISO date beside them (`<time datetime>`).
struct LocalDates: Sendable {
  private let style: Date.FormatStyle
  /// The dates written so far, by their text: pages share few dates, and writing one
  /// out costs more than the rest of a page's furniture.
  private let written = Written()

  private final class Written: Sendable {
    let texts = Mutex<[String: String]>([:])
  }

  /// Dates in the language with the tag `language`.
  init(language: String) {
    style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), timeZone: .gmt)
  }

  /// `text` (`YYYY-MM-DD`, or an RFC 3339 timestamp, read by its date) written out;
  /// as it is when it is no such date.
  func text(_ text: String) -> String {
    if let known = written.texts.withLock({ $0[text] }) { return known }
    let parts = text.prefix(10).split(separator: "-")
    guard text.count >= 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return text }
    let made = Date(timeIntervalSince1970: Double(Self.days(year: year, month: month, day: day)) * 86_400)
      .formatted(style)
    written.texts.withLock { if $0.count < 10_000 { $0[text] = made } }
    return made
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard
  /// Hinnant's `days_from_civil`): no calendar object per date.
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
