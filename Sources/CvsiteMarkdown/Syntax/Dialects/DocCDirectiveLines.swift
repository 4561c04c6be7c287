import CvsiteCore

/// DocC's block directives in a catalog's pages, as ``DocCBlockReader`` reads their lines
/// (outside code):
///
/// ```
/// @Metadata { … }, @Options { … }, @Comment { … }   settings and notes: left out (their
///                                                    directives checked)
/// @TabNavigator { @Tab("Swift") { … } }             :::tabs with :::tab[Swift]
/// @Row(numberOfColumns: 3) { @Column(size: 2) { … } }  :::cards{cols=3}, :::card{span=2}
/// @Links(visualStyle: list) { … }                  its content
/// @Small { … }                                      :::small
/// @Links(visualStyle: compactGrid) { - <doc:A> }    :::cards, a :::card per page
/// @Image(source: "name", alt: "Text")               ![Text](name)
/// @Video(source: "clip.mp4", poster: "p", alt: "A")  a linked poster
/// ```
///
/// Under `## Topics`, with `@TopicsVisualStyle(compactGrid)` (or `detailedGrid`), each
/// group's `- <doc:A>` items are cards too; with `hidden`, the section leaves the page.
///
/// A block's body is indented as the author likes (its first line sets by how much) and
/// ends at a `}` of its own. Other directives are not read yet: each is a warning naming
/// it (with the nearest directive for a misspelt one), and its lines stay as written.
struct DocCDirectiveLines {
  /// How many braces of a block being left out are open.
  private var depth = 0
  /// The settings block being left out (`Metadata`, `Options`, `Comment`).
  private var settingsBlock = ""
  /// The settings block being left out, by name, and the line it opened on.
  var openSettingsBlock: String { settingsBlock }
  private(set) var settingsLine: Int?
  /// The catalog's pages, for the cards of a grid of links.
  let catalog: (any DocCCatalogIndex)?
  /// How this page's `## Topics` shows: its own `@TopicsVisualStyle`, else the catalog's.
  private(set) var topicsStyle: String?
  /// Whether the line being read is under `## Topics`.
  private(set) var inTopics = false

  init(catalog: (any DocCCatalogIndex)? = nil) {
    self.catalog = catalog
    topicsStyle = catalog?.topicsVisualStyle
  }

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
    "Downloads", "Videos", "Forums", "CustomMetadata", "AlternateRepresentation",
  ]

  /// The directives a settings block holds, each with the values its unlabelled
  /// argument (or the labelled one named) may take; nil: any value.
  static let settings: [String: [String: (argument: String?, values: [String]?)]] = [
    "Metadata": [
      "TechnologyRoot": (nil, nil), "DisplayName": (nil, nil), "TitleHeading": (nil, nil),
      "PageImage": ("purpose", ["icon", "card"]), "PageKind": (nil, ["article", "sampleCode"]),
      "PageColor": (nil, ["blue", "gray", "green", "orange", "purple", "red", "yellow"]),
      "CallToAction": ("purpose", ["download", "link"]), "Available": (nil, nil),
      "DocumentationExtension": ("mergeBehavior", ["append", "override"]), "SupportedLanguage": (nil, nil),
      "Redirected": (nil, nil), "CustomMetadata": (nil, nil), "AlternateRepresentation": (nil, nil),
    ],
    "Options": [
      "AutomaticSeeAlso": (nil, ["enabled", "disabled", "siblingPages"]),
      "AutomaticTitleHeading": (nil, ["enabled", "disabled", "pageKind"]),
      "AutomaticArticleSubheading": (nil, ["enabled", "disabled"]),
      "TopicsVisualStyle": (nil, ["list", "compactGrid", "detailedGrid", "hidden"]),
    ],
  ]

  /// What becomes of a line.
  enum Action: Equatable {
    /// A line of a settings block: it stays, empty.
    case leaveOut
    /// A line of a settings block that is wrong: it stays, empty, and the problem is
    /// said (an error, or a warning for a directive DocC does not know there).
    case leaveOutReporting(String, suggestion: String?, isError: Bool)
    /// A directive not read: the line stays; the warning says so.
    case unread(name: String, known: Bool)
    /// A block directive read as a container: `name` (cvsite's), its label and
    /// attributes; without a container (`nil`), its content is the page's. `directive`
    /// names it; `grid` is a grid of links' style.
    case open(container: String?, label: String?, attributes: [RawAttribute.Kind], directive: String, grid: String?)
    /// A leaf directive written as Markdown instead.
    case replace(String)
    /// A wrong argument: the line stays; the warning says why.
    case problem(String, suggestion: String?)
    /// A block directive whose line becomes `text` (a heading, a reaction): its content
    /// follows, in `container` when it has one.
    case openWith(container: String?, label: String?, attributes: [RawAttribute.Kind], text: String, directive: String)
    /// A link to a page in a grid of links: a card titled `label` leading to `href`,
    /// showing `body`; `opensGrid` when the grid opens with it (the columns, if set).
    case card(label: String, href: String, body: String, opensGrid: Bool)
  }

  /// The block directives read as containers (or as their content).
  static let blockDirectives: Set<String> = ["TabNavigator", "Tab", "Row", "Column", "Links", "Small"]

  /// Where each block directive may stand: directly in one of these (a `@Chapter` in a
  /// `@Volume`, or straight in `@Tutorials` when the table of contents has no volumes).
  static let parents: [String: [String]] = [
    "Tab": ["TabNavigator"], "Column": ["Row"], "Step": ["Steps"], "Choice": ["MultipleChoice"],
    "Chapter": ["Volume", "Tutorials"],
  ]

  /// The questions of a tutorial's assessments so far, and whether the choice being read
  /// is the right one.
  private var questions = 0
  private var choices = 0
  private var rightChoice = false

  /// A tutorial's directives (a `.tutorial` file): headings and content, steps as the
  /// steps container, each choice of a question with its answer in a collapsible callout.
  private mutating func tutorial(
    _ name: String, _ arguments: [(label: String?, value: String)], enclosing: String?
  ) -> Action? {
    func argument(_ label: String?) -> String? { arguments.first { $0.label == label }?.value }
    func heading(_ level: Int, _ text: String?) -> Action {
      let title = text.map(Self.escapingMarkdown) ?? name
      return .openWith(
        container: nil, label: nil, attributes: [], text: String(repeating: "#", count: level) + " " + title,
        directive: name)
    }
    switch name {
    case "Tutorials": return heading(1, argument("name"))
    case "Tutorial", "ContentAndMedia":
      return .open(container: nil, label: nil, attributes: [], directive: name, grid: nil)
    case "Intro": return heading(enclosing == "Tutorial" ? 1 : 2, argument("title"))
    case "Volume": return heading(2, argument("name"))
    case "Chapter": return heading(enclosing == "Tutorials" ? 2 : 3, argument("name"))
    case "Section": return heading(2, argument("title"))
    case "Resources": return heading(2, "Resources")
    case "Documentation", "SampleCode", "Downloads", "Videos", "Forums":
      let title = ["SampleCode": "Sample Code"][name] ?? name
      guard let destination = argument("destination"), URLSafety.isSafe(destination) else {
        return heading(3, title)
      }
      return .openWith(
        container: nil, label: nil, attributes: [], text: "### [\(title)](\(Self.linkDestination(destination)))",
        directive: name)
    case "Steps": return .open(container: "steps", label: nil, attributes: [], directive: name, grid: nil)
    case "Step": return .open(container: "step", label: nil, attributes: [], directive: name, grid: nil)
    case "Assessments": return heading(2, "Check Your Understanding")
    case "MultipleChoice":
      questions += 1
      choices = 0
      return heading(3, "Question \(questions)")
    case "Choice":
      choices += 1
      rightChoice = argument("isCorrect") == "true"
      let letter = String(UnicodeScalar(UInt8(64 + min(choices, 26))))
      return .openWith(
        container: nil, label: nil, attributes: [], text: "**\(letter).**", directive: name)
    case "Justification":
      let reaction = argument("reaction") ?? (rightChoice ? "That’s right!" : "Not quite.")
      return .openWith(
        // The callout's kind would tell the answer before it opens.
        container: "note", label: "Check this answer",
        attributes: [.pair(key: "collapsible", value: nil)], text: "**" + Self.escapingMarkdown(reaction) + "**",
        directive: name)
    default: return nil
    }
  }

  /// Whether `text` is a heading of level 1 or 2 (which ends a `## Topics` section).
  private static func sectionHeading(_ text: ArraySlice<UInt8>) -> String? {
    for prefix in ["# ", "## "] where text.starts(with: prefix.utf8) {
      return String(decoding: text.dropFirst(prefix.utf8.count), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// Whether the lines under `## Topics` leave the page (`@TopicsVisualStyle(hidden)`).
  var hidesLine: Bool { inTopics && topicsStyle == "hidden" }

  /// Whether `## Topics` lists show as cards, and the line being read is under it.
  var topicsAreCards: Bool { inTopics && (topicsStyle == "compactGrid" || topicsStyle == "detailedGrid") }

  /// Reads a line with text: `text` from its first non-space byte, `width` its
  /// indentation past the blocks around it; `enclosing` the innermost DocC block open
  /// and, for a grid of links, its style; `inTopicsGrid` whether a grid of topics is open.
  mutating func read(
    _ text: ArraySlice<UInt8>, width: Int, line: Int = 0, enclosing: String? = nil, grid: String? = nil,
    inTopicsGrid: Bool = false
  ) -> Action? {
    if depth > 0 {
      depth = max(0, depth + Self.braceBalance(text))
      return checkSetting(text)
    }
    if width == 0, let heading = Self.sectionHeading(text) {
      inTopics = heading == "Topics"
      if hidesLine { return .leaveOut }
      return nil
    }
    if hidesLine { return .leaveOut }
    if let grid, enclosing == "Links", let card = card(text, style: grid, opens: false) { return card }
    if topicsAreCards, let card = card(text, style: topicsStyle ?? "", opens: !inTopicsGrid) { return card }
    guard width <= 3, let name = Self.directiveName(text) else { return nil }
    if Self.settingBlocks.contains(name) {
      depth = max(0, Self.braceBalance(text))
      settingsBlock = name
      settingsLine = line
      return .leaveOut
    }
    let arguments = Self.arguments(text)
    let opensBody = text.last == UInt8(ascii: "{")
    if opensBody, let parents = Self.parents[name], !parents.contains(where: { $0 == enclosing }) {
      let places = parents.map { "`@\($0)`" }.joined(separator: " or ")
      return .problem("`@\(name)` belongs directly in a \(places): shown as written", suggestion: nil)
    }
    if opensBody, let action = tutorial(name, arguments, enclosing: enclosing) { return action }
    if name == "TutorialReference", let tutorial = arguments.first(where: { $0.label == "tutorial" })?.value {
      return .replace("- <" + (tutorial.hasPrefix("doc:") ? tutorial : "doc:" + tutorial) + ">")
    }
    switch name {
    case "TabNavigator" where opensBody:
      return .open(container: "tabs", label: nil, attributes: [], directive: name, grid: nil)
    case "Tab" where opensBody:
      guard let label = arguments.first(where: { $0.label == nil })?.value, !label.isEmpty else {
        return .problem("`@Tab` needs its label: `@Tab(\"Swift\") {`", suggestion: nil)
      }
      return .open(container: "tab", label: label, attributes: [], directive: name, grid: nil)
    case "Row" where opensBody:
      guard let written = arguments.first(where: { $0.label == "numberOfColumns" })?.value else {
        return .open(container: "cards", label: nil, attributes: [], directive: name, grid: nil)
      }
      guard let count = Int(written), (1...6).contains(count) else {
        return .problem("`numberOfColumns` is a number from 1 to 6, not `\(written)`", suggestion: nil)
      }
      return .open(
        container: "cards", label: nil, attributes: [.pair(key: "cols", value: String(count))], directive: name,
        grid: nil)
    case "Column" where opensBody:
      guard let written = arguments.first(where: { $0.label == "size" })?.value else {
        return .open(container: "card", label: nil, attributes: [], directive: name, grid: nil)
      }
      guard let size = Int(written), size >= 1 else {
        return .problem("`size` is a whole number of columns, not `\(written)`", suggestion: nil)
      }
      return .open(
        container: "card", label: nil, attributes: [.pair(key: "span", value: String(size))], directive: name,
        grid: nil)
    case "Small" where opensBody:
      return .open(container: "small", label: nil, attributes: [], directive: name, grid: nil)
    case "Links":
      guard opensBody else { break }
      let styles = ["list", "compactGrid", "detailedGrid"]
      if name == "Links", let style = arguments.first(where: { $0.label == "visualStyle" })?.value {
        guard styles.contains(style) else {
          return .problem(
            "`visualStyle` is `list`, `compactGrid` or `detailedGrid`, not `\(style)`",
            suggestion: closest(style, styles))
        }
        if style != "list" {
          return .open(container: "cards", label: nil, attributes: [], directive: name, grid: style)
        }
      }
      return .open(container: nil, label: nil, attributes: [], directive: name, grid: nil)
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

  /// `- <doc:Name>` in a grid of links: a card for the page (its card image, and its
  /// abstract in a detailed grid); nil for another line, or a page the catalog lacks
  /// (the link check then says so).
  private func card(_ text: ArraySlice<UInt8>, style: String, opens: Bool) -> Action? {
    guard let item = Self.docLinkItem(text), let catalog, let target = docLinkTarget(item),
      let page = catalog.page(named: target.name)
    else { return nil }
    var body: [String] = []
    if let image = page.cardImage {
      let alt = Self.escapingBrackets(page.cardImageAlt ?? page.title)
      body.append("![\(alt)](\(Self.linkDestination(image)))")
    }
    if style == "detailedGrid", let abstract = page.abstract { body.append(Self.escapingMarkdown(abstract)) }
    return .card(
      label: Self.escapingBrackets(page.title), href: page.url, body: body.joined(separator: " "), opensGrid: opens)
  }

  /// `doc:Name` of a list item that is only `<doc:Name>`.
  static func docLinkItem(_ text: ArraySlice<UInt8>) -> String? {
    guard let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") else { return nil }
    let rest = String(decoding: text.dropFirst(), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    guard rest.hasPrefix("<doc:"), rest.hasSuffix(">"), !rest.dropFirst().contains("<") else { return nil }
    return String(rest.dropFirst().dropLast())
  }

  /// A line inside a settings block: its directive checked against those the block
  /// holds, and the page's own options noted.
  private mutating func checkSetting(_ text: ArraySlice<UInt8>) -> Action {
    guard let known = Self.settings[settingsBlock], let name = Self.directiveName(text) else { return .leaveOut }
    guard let rule = known[name] else {
      let suggestion = closest(name, Array(known.keys))
      return .leaveOutReporting(
        "`@\(name)` is not a directive of `@\(settingsBlock)`: left out", suggestion: suggestion,
        isError: false)
    }
    let arguments = Self.arguments(text)
    let value = arguments.first { $0.label == rule.argument }?.value
    if let values = rule.values, let value, !values.contains(value) {
      let written = rule.argument.map { "`\($0)` of " } ?? ""
      return .leaveOutReporting(
        "\(written)`@\(name)` is \(values.map { "`\($0)`" }.joined(separator: ", ")), not `\(value)`",
        suggestion: closest(value, values), isError: true)
    }
    if name == "PageImage", arguments.first(where: { $0.label == "source" }) == nil {
      return .leaveOutReporting(
        "`@PageImage` needs its `source`: `@PageImage(purpose: card, source: \"name\")`", suggestion: nil,
        isError: true)
    }
    if name == "TopicsVisualStyle", let value { topicsStyle = value }
    return .leaveOut
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

  /// Plain text for a paragraph: what Markdown would read as syntax escaped.
  private static func escapingMarkdown(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\`*_[]<>#!|~&".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
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
  static func braceBalance(_ text: ArraySlice<UInt8>) -> Int {
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

  /// Whether some line starts, after its indentation, with `@` and a capital (or, with
  /// `orTopics`, is `## Topics`).
  static func mayHaveDirectives(_ source: SourceText, from firstLine: Int, orTopics: Bool = false) -> Bool {
    let bytes = source.bytes
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      if orTopics, bytes[index...].starts(with: "## Topics".utf8) { return true }
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "@") else { continue }
      if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index + 1]) { return true }
    }
    return false
  }
}
