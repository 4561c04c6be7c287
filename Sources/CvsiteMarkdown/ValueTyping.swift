/// Checks written values against their declarations: the only way text becomes a
/// ``TypedValue``.
enum ValueTyping {
  /// The typed value of `text` (`nil` for a bare flag), or why it does not fit.
  static func typed(_ text: String?, as declaration: ValueDeclaration) -> Result<TypedValue, LineProblem> {
    let name = declaration.name
    guard let text else {
      if declaration.type == .bool { return .success(.bool(true)) }
      return .failure(LineProblem(message: "`\(name)` needs a value (`\(name)=…`)", offset: 0))
    }
    switch declaration.type {
    case .string:
      return .success(.string(text))
    case .bool:
      switch text {
      case "true", "yes": return .success(.bool(true))
      case "false", "no": return .success(.bool(false))
      default: return .failure(problem("`\(name)` must be true or false, not `\(text)`", closest(text, ["true", "false"])))
      }
    case .int:
      guard let value = Int(text) else { return .failure(problem("`\(name)` must be a whole number, not `\(text)`")) }
      return .success(.int(value))
    case .number:
      guard let value = Double(text), value.isFinite else {
        return .failure(problem("`\(name)` must be a number, not `\(text)`"))
      }
      return .success(.number(value))
    case .url:
      let lower = text.lowercased()
      if text.contains(where: \.isWhitespace) || lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:")
        || lower.hasPrefix("data:")
      {
        return .failure(problem("`\(name)` must be a URL without spaces or script schemes, not `\(text)`"))
      }
      return .success(.url(text))
    case .date:
      guard isISODate(text) else { return .failure(problem("`\(name)` must be a date like 2024-05-01, not `\(text)`")) }
      return .success(.date(text))
    case .enumeration(let cases):
      guard cases.contains(text) else {
        let list = cases.map { "`\($0)`" }.joined(separator: ", ")
        return .failure(problem("`\(text)` is not a value of `\(name)` (one of \(list))", closest(text, cases)))
      }
      return .success(.enumCase(text))
    }
  }

  private static func problem(_ message: String, _ suggestion: String? = nil) -> LineProblem {
    LineProblem(message: message, offset: 0, suggestion: suggestion)
  }

  private static func isISODate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return false }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9]
    guard digits.allSatisfy({ isDigit(bytes[$0]) }) else { return false }
    return bytes.count == 10 || bytes[10] == 0x54 || bytes[10] == 0x20
  }
}

/// The candidate closest to `word` by edit distance, when close enough to be a likely
/// typo ("did you mean"): at most a third of the letters wrong (one for short words),
/// and never all of them (`7` suggests nothing, not `1`).
public func closest(_ word: String, _ candidates: some Sequence<String>) -> String? {
  let target = Array(word.lowercased().unicodeScalars)
  var best: (String, Int)?
  for candidate in candidates {
    let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
    let length = max(target.count, candidate.unicodeScalars.count)
    let limit = max(1, min(3, length / 3))
    if distance <= limit, distance < length, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
  }
  return best?.0
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  if abs(a.count - b.count) > 8 { return max(a.count, b.count) }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previous2[j - 2] + 1)
      }
    }
    (previous2, previous, current) = (previous, current, previous2)
  }
  return previous[b.count]
}
