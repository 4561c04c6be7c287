import Foundation

/// Dates as a language writes them (`1 May 2024`, `1. Mai 2024`, `2024年5月1日`), for the
/// dates pages show; machines read the ISO date beside them (`<time datetime>`).
struct LocalDates: Sendable {
  private let style: Date.FormatStyle

  /// Dates in the language with the tag `language`.
  init(language: String) {
    style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), timeZone: .gmt)
  }

  /// `text` (`YYYY-MM-DD`, or an RFC 3339 timestamp, read by its date) written out;
  /// as it is when it is no such date.
  func text(_ text: String) -> String {
    let parts = text.prefix(10).split(separator: "-")
    guard text.count >= 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return text }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return text }
    return date.formatted(style)
  }
}
