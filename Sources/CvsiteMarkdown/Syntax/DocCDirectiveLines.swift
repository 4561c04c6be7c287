import CvsiteCore

/// DocC's block directives in a catalog's pages, as ``DialectBlocks`` walks their lines
/// (outside code): `@Metadata { … }`, `@Options(scope: global) { … }` and
/// `@Comment { … }` hold settings and notes, never text, so their lines leave the page.
/// Other directives are not read yet: each is a warning naming it (with the nearest
/// directive for a misspelt one), and its lines stay as written.
struct DocCDirectiveLines {
  /// How many braces of a block being left out are open.
  private var depth = 0

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
  }

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
    return .unread(name: name, known: Self.names.contains(name))
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
