import CvsiteCore
import Foundation

/// How diagnostics are printed: text for people (colours only on a terminal, never with
/// `NO_COLOR`), or JSON lines for editors.
enum DiagnosticFormat: String, CaseIterable {
  case text, json
}

struct DiagnosticPrinter {
  var format: DiagnosticFormat = .text
  var useColour: Bool = DiagnosticPrinter.terminalWantsColour(fileDescriptor: 2)

  static func terminalWantsColour(fileDescriptor: Int32) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return isatty(fileDescriptor) != 0
  }

  /// The printed form of `diagnostics`, sorted by place, with a summary line in text.
  func render(_ diagnostics: [Diagnostic]) -> String {
    let sorted = diagnostics.sortedByPlace()
    switch format {
    case .json:
      return sorted.map(json).joined(separator: "\n") + (sorted.isEmpty ? "" : "\n")
    case .text:
      var text = sorted.map(self.text).joined(separator: "\n")
      let errors = sorted.filter { $0.severity == .error }.count
      let warnings = sorted.filter { $0.severity == .warning }.count
      if errors + warnings > 0 {
        text +=
          "\n"
          + [errors > 0 ? plural(errors, "error") : nil, warnings > 0 ? plural(warnings, "warning") : nil]
          .compactMap { $0 }.joined(separator: ", ") + "\n"
      }
      return text
    }
  }

  private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  private func text(_ diagnostic: Diagnostic) -> String {
    guard useColour else { return diagnostic.description }
    let colour: String
    switch diagnostic.severity {
    case .error: colour = "\u{1B}[1;31m"
    case .warning: colour = "\u{1B}[1;33m"
    case .note: colour = "\u{1B}[1;36m"
    }
    let label = "\(diagnostic.severity.rawValue):"
    return diagnostic.description.replacingOccurrences(
      of: label, with: colour + label + "\u{1B}[0m", options: [], range: diagnostic.description.range(of: label))
  }

  private func json(_ diagnostic: Diagnostic) -> String {
    var object: [String: Any] = ["severity": diagnostic.severity.rawValue, "message": diagnostic.message]
    if let location = diagnostic.location {
      object["file"] = location.path
      object["line"] = location.line
      object["column"] = location.column
    }
    if let suggestion = diagnostic.suggestion { object["suggestion"] = suggestion }
    if let line = diagnostic.sourceLine { object["source"] = line }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
