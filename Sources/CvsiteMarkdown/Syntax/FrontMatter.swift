import CvsiteCore
import Yams

/// A front-matter value, as YAML wrote it.
public indirect enum FrontMatterValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case list([FrontMatterValue])
  case map([String: FrontMatterValue])

  /// The value as text when it is a scalar.
  public var text: String? {
    switch self {
    case .string(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d): return String(d)
    case .null, .list, .map: return nil
    }
  }
}

/// The YAML front matter of a page.
public struct FrontMatter: Sendable {
  /// Every key, as written (page metadata and declared values alike).
  public var fields: [String: FrontMatterValue] = [:]
  /// The keys the theme declares as container values, typed and checked: what a section
  /// listing reads for this page.
  public var values = DeclaredValues()
  /// The number of lines it takes, delimiters included (0 without front matter).
  public var lineCount = 0
  /// Where each key is written: its line in the file and that line's text, for a
  /// diagnostic about the key. A key written twice is where it is first written.
  public var keyLines: [String: KeyLine] = [:]

  /// A line of the file that holds a front-matter key.
  public struct KeyLine: Sendable, Hashable {
    /// 1-based, in the whole file.
    public var line: Int
    /// The line as written, without its line ending.
    public var text: String
  }

  /// An empty front matter (a page without one).
  public init() {}

  /// `title`, when set.
  public var title: String? { fields["title"]?.text }
}

extension FrontMatter {
  /// Finds front matter at the top of `source`: its `---` on the first line, or after a
  /// byte-order mark or blank lines (which editors and exporters leave, and which must not
  /// turn a page's settings, `draft: true` among them, into a heading). Its `lineCount`
  /// covers everything up to the closing delimiter.
  ///
  /// With `foreign` (a page written for another generator, whose keys may mean something
  /// else there: Material's `status: deprecated`), a value the schema cannot type is a
  /// warning, and left unset.
  static func parse(
    _ source: SourceText, schema: Schema, foreign: Bool = false, into diagnostics: inout [Diagnostic]
  ) -> FrontMatter {
    let severity: Diagnostic.Severity = foreign ? .warning : .error
    var matter = FrontMatter()
    guard let opening = openingLine(source), source.lineCount > opening else { return matter }
    guard
      let closing = ((opening + 1)...source.lineCount).first(where: { isDelimiter(source, $0, dashesOnly: false) })
    else {
      diagnostics.append(source.diagnostic(.error, "front matter is not closed with `---`", line: opening, column: 1))
      return matter
    }
    matter.lineCount = closing
    guard closing > opening + 1 else { return matter }
    if let entries = SimpleYAML.parse(((opening + 1)..<closing).map { source.bytes[source.lineRange($0)] }) {
      for entry in entries {
        matter.fields[entry.key] = entry.value
        matter.noteKey(entry.key, line: entry.line + opening, in: source)
        guard let declaration = schema.values[entry.key] else { continue }
        let line = entry.line + opening
        guard let text = entry.text else {
          diagnostics.append(
            source.diagnostic(severity, "`\(entry.key)` must be a single value", line: line, column: entry.column))
          continue
        }
        switch ValueTyping.typed(text, as: declaration) {
        case .success(let value): matter.values[entry.key] = value
        case .failure(let problem):
          diagnostics.append(
            source.diagnostic(
              severity, problem.message, line: line, column: entry.column, suggestion: problem.suggestion)
          )
        }
      }
      return matter
    }
    let yaml = String(
      decoding: source.bytes[source.lineStarts[opening]..<source.lineStarts[closing - 1]], as: UTF8.self)
    let node: Node?
    do {
      node = try Yams.compose(yaml: yaml)
    } catch {
      diagnostics.append(yamlDiagnostic(error, source, opening: opening))
      return matter
    }
    guard let node else { return matter }
    guard let mapping = node.mapping else {
      diagnostics.append(
        source.diagnostic(.error, "front matter must be a mapping of keys to values", line: opening + 1, column: 1))
      return matter
    }
    // YAML aliases share nodes, so a few hundred bytes can stand for billions of values
    // (`b: &b [*a, *a, …]`, nested): reading them is bounded, not the text.
    var budget = maximumValues
    for (keyNode, writtenNode) in mapping {
      guard let key = keyNode.string else { continue }
      // Material's blog: `date: {created: …, updated: …}`; the page's date is its creation.
      let valueNode = key == "date" ? writtenNode.mapping?["created"] ?? writtenNode : writtenNode
      guard let value = convert(valueNode, budget: &budget) else {
        diagnostics.append(
          source.diagnostic(
            .error,
            "front matter: `\(key)` expands to more than \(maximumValues) values (YAML aliases repeating "
              + "aliases?); the front matter is not read",
            line: (keyNode.mark?.line ?? 1) + opening, column: keyNode.mark?.column ?? 1))
        return FrontMatter()
      }
      matter.fields[key] = value
      matter.noteKey(key, line: (keyNode.mark?.line ?? 1) + opening, in: source)
      guard let declaration = schema.values[key] else { continue }
      let line = (valueNode.mark?.line ?? 1) + opening
      let column = valueNode.mark?.column ?? 1
      guard let text = valueNode.scalar?.string else {
        diagnostics.append(source.diagnostic(severity, "`\(key)` must be a single value", line: line, column: column))
        continue
      }
      switch ValueTyping.typed(text, as: declaration) {
      case .success(let value): matter.values[key] = value
      case .failure(let problem):
        diagnostics.append(
          source.diagnostic(severity, problem.message, line: line, column: column, suggestion: problem.suggestion))
      }
    }
    return matter
  }

  /// Records that `key` is written on `line`, unless it was met on an earlier line.
  private mutating func noteKey(_ key: String, line: Int, in source: SourceText) {
    guard keyLines[key] == nil else { return }
    keyLines[key] = KeyLine(line: line, text: source.lineText(line))
  }

  /// The line of the opening `---`: the first line that is not blank, a byte-order mark
  /// before it allowed; `nil` when that line is something else.
  private static func openingLine(_ source: SourceText) -> Int? {
    guard source.lineCount >= 1 else { return nil }
    for line in 1...source.lineCount where !text(source, line).allSatisfy(isSpace) {
      return isDelimiter(source, line, dashesOnly: true) ? line : nil
    }
    return nil
  }

  /// Line `line`'s bytes, less the byte-order mark that may open the file.
  private static func text(_ source: SourceText, _ line: Int) -> ArraySlice<UInt8> {
    let text = source.bytes[source.lineRange(line)]
    return line == 1 && text.starts(with: [0xEF, 0xBB, 0xBF]) ? text.dropFirst(3) : text
  }

  private static func isDelimiter(_ source: SourceText, _ line: Int, dashesOnly: Bool) -> Bool {
    let text = text(source, line)
    var end = text.endIndex
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    let trimmed = text[text.startIndex..<end]
    if trimmed.elementsEqual("---".utf8) { return true }
    return !dashesOnly && trimmed.elementsEqual("...".utf8)
  }

  private static func yamlDiagnostic(_ error: any Error, _ source: SourceText, opening: Int) -> Diagnostic {
    let (line, column, message) = yamlErrorPosition(error)
    // Yams counts from the line after the opening `---`.
    return source.diagnostic(.error, "front matter: \(message)", line: line + opening, column: column)
  }

  /// The most values (scalars, lists and maps, counted as aliases expand) a front matter
  /// may hold.
  static let maximumValues = 10_000

  /// The value of `node`, or `nil` when it holds more than `budget` values.
  private static func convert(_ node: Node, budget: inout Int) -> FrontMatterValue? {
    budget -= 1
    guard budget >= 0 else { return nil }
    switch node {
    case .scalar(let scalar):
      switch node.tag.rawValue {
      case Tag.Name.null.rawValue: return .null
      case Tag.Name.bool.rawValue: return node.bool.map(FrontMatterValue.bool) ?? .string(scalar.string)
      case Tag.Name.int.rawValue: return node.int.map(FrontMatterValue.int) ?? .string(scalar.string)
      case Tag.Name.float.rawValue: return node.float.map(FrontMatterValue.number) ?? .string(scalar.string)
      default: return .string(scalar.string)
      }
    case .sequence(let sequence):
      var list: [FrontMatterValue] = []
      for element in sequence {
        guard let value = convert(element, budget: &budget) else { return nil }
        list.append(value)
      }
      return .list(list)
    case .mapping(let mapping):
      var map: [String: FrontMatterValue] = [:]
      for (key, value) in mapping {
        guard let converted = convert(value, budget: &budget) else { return nil }
        if let key = key.string { map[key] = converted }
      }
      return .map(map)
    case .alias: return .null
    }
  }
}
