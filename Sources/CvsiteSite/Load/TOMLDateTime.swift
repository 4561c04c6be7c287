/// Checks TOML's dates and times (RFC 3339: `1979-05-27`, `07:32:00`,
/// `1979-05-27T07:32:00.999-07:00`) for their form and their ranges.
enum TOMLDateTime {
  /// What is wrong with `word` as a date or time; nil when it is one.
  static func problem(in word: String) -> String? {
    var reader = Reader(bytes: Array(word.utf8))
    let result: String?
    if reader.bytes.count > 2, reader.bytes[2] == UInt8(ascii: ":") {
      result = reader.time()
    } else {
      result = reader.date() ?? reader.timeAfterDate()
    }
    if let result { return "`\(word)` is not a date or time: \(result)" }
    return reader.index == reader.bytes.count ? nil : "`\(word)` is not a date or time TOML reads"
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    /// `count` digits as a number, or nil (the cursor unmoved).
    mutating func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<(index + count)] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// `YYYY-MM-DD`; a problem or nil.
    mutating func date() -> String? {
      guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2) else {
        return "a date is written YYYY-MM-DD"
      }
      guard (1...12).contains(month) else { return "there is no month \(month)" }
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      guard (1...days).contains(day) else { return "month \(month) has no day \(day)" }
      return nil
    }

    /// After a date: nothing, or `T`/`t`/a space and a time with an optional offset.
    mutating func timeAfterDate() -> String? {
      guard index < bytes.count else { return nil }
      guard take("T") || take("t") || take(" ") else { return "a time follows a date after `T`" }
      if let problem = time() { return problem }
      guard index < bytes.count else { return nil }
      if take("Z") || take("z") { return nil }
      guard take("+") || take("-") else { return nil }
      guard let hours = number(2), take(":"), let minutes = number(2) else { return "an offset is written ±HH:MM" }
      guard hours < 24 else { return "an offset of \(hours) hours is out of range" }
      return minutes < 60 ? nil : "there is no minute \(minutes) in an offset"
    }

    /// `HH:MM:SS` with an optional fraction; a problem or nil.
    mutating func time() -> String? {
      guard let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2) else {
        return "a time is written HH:MM:SS"
      }
      guard hour < 24 else { return "there is no hour \(hour)" }
      guard minute < 60 else { return "there is no minute \(minute)" }
      // 60: a leap second, as RFC 3339 allows.
      guard second <= 60 else { return "there is no second \(second)" }
      if take(".") {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == start { return "a fraction of a second needs digits" }
      }
      return nil
    }
  }
}
