import Foundation

/// `text` as a JSON string literal that is safe inside `<script>` too: quotes,
/// backslashes and control characters escaped, and `<`, `>`, `&`, U+2028 and U+2029 as
/// `\u` escapes. It is also a YAML double-quoted string with the same value.
public func jsonStringLiteral(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "<", ">", "&", "\u{2028}", "\u{2029}":
      result += String(format: "\\u%04x", scalar.value)
    default:
      if scalar.value < 0x20 {
        result += String(format: "\\u%04x", scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
