import CvsiteCore

/// DocC's block directives in a catalog's pages, as ``DialectBlocks`` walks their lines
/// (outside code):
///
/// ```
/// @Metadata { … }, @Options { … }, @Comment { … }   settings and notes: left out
/// @TabNavigator { @Tab("Swift") { … } }             :::tabs with :::tab[Swift]
/// @Row(numberOfColumns: 3) { @Column(size: 2) { … } }  :::cards{cols=3}, :::card{span=2}
/// @Links(visualStyle: list) { … }, @Small { … }     their content
/// @Image(source: "name", alt: "Text")               ![Text](name)
/// @Video(source: "clip.mp4", poster: "p", alt: "A")  a linked poster
/// ```
///
/// A block's body is indented as the author likes (its first line sets by how much) and
/// ends at a `}` of its own. Other directives are not read yet: each is a warning naming
/// it (with the nearest directive for a misspelt one), and its lines stay as written.
struct DocCDirectiveLines {
  /// How many braces of a block being left out are open.
  private var depth = 0

  /// Whether a settings block is being left out: its `}` is its own.
  var isLeavingOut: Bool { depth > 0 }

  /// Directives whose whole block leaves the page.
  static let settingBlocks: Set<String> = ["Metadata", "Options", "Comment"]

  /// DocC's directives, for a did-you-mean.
  static let names = [
    "Metadata", "Options", "Comment", "TechnologyRoot", "DisplayName", "TitleHeading", "PageImage", "PageKind",
    "PageColor", "CallToAction", "Available", "DocumentationExtension", "SupportedLanguage", "Redirected",
    "AutomaticSeeAlso", "AutomaticTitleHeading", "AutomaticArticleSubheading", "TopicsVisualStyle", "Row",
    "Column", "TabNavigator", "Tab", "Links", "Small", "Image", "Video", "Snippet", "Tutorials", "Tutorial",
    "Intro", "Volume", "Chapter", "TutorialReference", "Section", "ContentAndMedia", "Steps", "Step", "Code",
    "Assessments", "MultipleChoice", "Choice", "Justification", "Resources", "Documentation", "SampleCode",
    "Downloads", "Videos", "Forums",
  ]

  /// What becomes of a line.
  enum Action: Equatable {
    /// A line of a settings block: it stays, empty.
    case leaveOut
    /// A directive not read: the line stays; the warning says so.
    case unread(name: String, known: Bool)
    /// A block directive read as a container: `name` (cvsite's), its label and
    /// attributes; without a container (`nil`), its content is the page's.
    case open(container: String?, label: String?, attributes: [RawAttribute.Kind])
    /// A leaf directive written as Markdown instead.
    case replace(String)
    /// A wrong argument: the line stays; the warning says why.
    case problem(String, suggestion: String?)
  }

  /// The block directives read as containers (or as their content).
  static let blockDirectives: Set<String> = ["TabNavigator", "Tab", "Row", "Column", "Links", "Small"]

  /// Reads a line with text: `text` from its first non-space byte, `width` its
  /// indentation past the blocks around it.
  mutating func read(_ text: ArraySlice<UInt8>, width: Int) -> Action? {
    if depth > 0 {
      depth = max(0, depth + Self.braceBalance(text))
      return .leaveOut
    }
    guard width <= 3, let name = Self.directiveName(text) else { return nil }
    if Self.settingBlocks.contains(name) {
      depth = max(0, Self.braceBalance(text))
      return .leaveOut
    }
    let arguments = Self.arguments(text)
    let opensBody = text.last == UInt8(ascii: "{")
    switch name {
    case "TabNavigator" where opensBody: return .open(container: "tabs", label: nil, attributes: [])
    case "Tab" where opensBody:
      guard let label = arguments.first(where: { $0.label == nil })?.value, !label.isEmpty else {
        return .problem("`@Tab` needs its label: `@Tab(\"Swift\") {`", suggestion: nil)
      }
      return .open(container: "tab", label: label, attributes: [])
    case "Row" where opensBody:
      guard let written = arguments.first(where: { $0.label == "numberOfColumns" })?.value else {
        return .open(container: "cards", label: nil, attributes: [])
      }
      guard let count = Int(written), (1...6).contains(count) else {
        return .problem("`numberOfColumns` is a number from 1 to 6, not `\(written)`", suggestion: nil)
      }
      return .open(container: "cards", label: nil, attributes: [.pair(key: "cols", value: String(count))])
    case "Column" where opensBody:
      guard let written = arguments.first(where: { $0.label == "size" })?.value else {
        return .open(container: "card", label: nil, attributes: [])
      }
      guard let size = Int(written), size >= 1 else {
        return .problem("`size` is a whole number of columns, not `\(written)`", suggestion: nil)
      }
      return .open(container: "card", label: nil, attributes: [.pair(key: "span", value: String(size))])
    case "Links", "Small":
      guard opensBody else { break }
      if name == "Links", let style = arguments.first(where: { $0.label == "visualStyle" })?.value,
        !["list", "compactGrid", "detailedGrid"].contains(style)
      {
        return .problem(
          "`visualStyle` is `list`, `compactGrid` or `detailedGrid`, not `\(style)`",
          suggestion: closest(style, ["list", "compactGrid", "detailedGrid"]))
      }
      return .open(container: nil, label: nil, attributes: [])
    case "Image":
      guard let source = arguments.first(where: { $0.label == "source" })?.value else {
        return .problem("`@Image` needs its `source`: `@Image(source: \"name\", alt: \"…\")`", suggestion: nil)
      }
      let alt = arguments.first(where: { $0.label == "alt" })?.value ?? ""
      return .replace("![\(Self.escapingBrackets(alt))](\(Self.linkDestination(source)))")
    case "Video":
      guard let source = arguments.first(where: { $0.label == "source" })?.value else {
        return .problem("`@Video` needs its `source`: `@Video(source: \"clip.mp4\", alt: \"…\")`", suggestion: nil)
      }
      let alt = Self.escapingBrackets(arguments.first(where: { $0.label == "alt" })?.value ?? source)
      if let poster = arguments.first(where: { $0.label == "poster" })?.value {
        return .replace("[![\(alt)](\(Self.linkDestination(poster)))](\(Self.linkDestination(source)))")
      }
      return .replace("[\(alt)](\(Self.linkDestination(source)))")
    default: break
    }
    return .unread(name: name, known: Self.names.contains(name))
  }

  /// `@Name(a, label: "b", c: d)`'s arguments, unquoted, in order.
  static func arguments(_ text: ArraySlice<UInt8>) -> [(label: String?, value: String)] {
    guard let open = text.firstIndex(of: UInt8(ascii: "(")) else { return [] }
    var result: [(label: String?, value: String)] = []
    var current: [UInt8] = []
    var quoted = false
    var index = open + 1
    func finish() {
      let written = String(decoding: current, as: UTF8.self)
      current = []
      var label: String?
      var value = written
      if let colon = Self.unquotedColon(in: written) {
        label = written[..<colon].trimmingCharacters(in: .whitespaces)
        value = String(written[written.index(after: colon)...])
      }
      value = value.trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
      if !(label == nil && value.isEmpty) { result.append((label, value)) }
    }
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted, byte == UInt8(ascii: ")") { break }
      if !quoted, byte == UInt8(ascii: ",") {
        finish()
      } else {
        current.append(byte)
      }
      index += 1
    }
    finish()
    return result
  }

  private static func unquotedColon(in text: String) -> String.Index? {
    var quoted = false
    for index in text.indices {
      if text[index] == "\"" { quoted.toggle() }
      if !quoted, text[index] == ":" { return index }
    }
    return nil
  }

  /// Text for inside `[…]`.
  private static func escapingBrackets(_ text: String) -> String {
    text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
  }

  /// A link destination, in `<…>` when it holds a space or parentheses.
  private static func linkDestination(_ url: String) -> String {
    url.contains(where: { " ()<>".contains($0) }) ? "<" + url.replacingOccurrences(of: ">", with: "%3E") + ">" : url
  }

  /// `Metadata` for `@Metadata {`, `@Options(scope: global) {` or `@Small`: a capital
  /// after `@`, then letters, then the end, `(` or `{`. Nil for text (`@available` in
  /// prose is Swift's, lowercase).
  static func directiveName(_ text: ArraySlice<UInt8>) -> String? {
    guard text.count >= 2, text.first == UInt8(ascii: "@"),
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[text.startIndex + 1])
    else { return nil }
    var end = text.startIndex + 1
    while end < text.endIndex, isASCIIAlphanumeric(text[end]) { end += 1 }
    var after = end
    while after < text.endIndex, isSpace(text[after]) { after += 1 }
    guard after == text.endIndex || text[after] == UInt8(ascii: "(") || text[after] == UInt8(ascii: "{") else {
      return nil
    }
    return String(decoding: text[(text.startIndex + 1)..<end], as: UTF8.self)
  }

  /// Opening braces less closing ones, outside quoted text.
  private static func braceBalance(_ text: ArraySlice<UInt8>) -> Int {
    var balance = 0
    var quoted = false
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: "{") where !quoted: balance += 1
      case UInt8(ascii: "}") where !quoted: balance -= 1
      default: break
      }
    }
    return balance
  }

  /// Whether some line starts, after its indentation, with `@` and a capital.
  static func mayHaveDirectives(_ source: SourceText, from firstLine: Int) -> Bool {
    let bytes = source.bytes
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "@") else { continue }
      if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index + 1]) { return true }
    }
    return false
  }
}
