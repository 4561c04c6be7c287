import CvsiteCore

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
      default:
        return .failure(problem("`\(name)` must be true or false, not `\(text)`", closest(text, ["true", "false"])))
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
      if text.contains(where: \.isWhitespace) || !URLSafety.isSafe(text) {
        return .failure(
          problem("`\(name)` must be a URL without spaces, control characters or script schemes, not `\(text)`"))
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
    guard digits.allSatisfy({ isASCIIDigit(bytes[$0]) }) else { return false }
    return bytes.count == 10 || bytes[10] == 0x54 || bytes[10] == 0x20
  }
}
