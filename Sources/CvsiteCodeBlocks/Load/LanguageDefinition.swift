/// A regular expression as a language definition writes it, before `\%{…}` references
/// are expanded.
struct PatternSource: Sendable {
  var text: String
  /// `nil`: the language's default.
  var caseSensitive: Bool?
  var extended: Bool?
  var line: Int
  var column: Int
}

/// One `<context>` of a language definition (GtkSourceView's `.lang` 2.0 format).
final class ContextDefinition: @unchecked Sendable {
  // Filled in once by the loader, then read only.
  enum Kind {
    /// `<match>` or `<keyword>` lists: one pattern, styled.
    case simple(PatternSource)
    /// `<start>`, optional `<end>` and `<include>`; with neither, a group of contexts.
    case container(start: PatternSource?, end: PatternSource?)
    /// `<context ref="…">`.
    case reference(String, original: Bool, ignoreStyle: Bool)
    /// `<context sub-pattern="…" where="…">`.
    case subPattern(group: String, place: SubPatternPlace)
  }

  enum SubPatternPlace: String {
    case match = ""
    case start, end
  }

  var id: String?
  var kind: Kind
  var styleRef: String?
  var styleInside = false
  var endAtLineEnd = false
  var extendParent = true
  var endParent = false
  var onceOnly = false
  var firstLineOnly = false
  var includes: [ContextDefinition] = []
  /// The language that defines the context (its style and regex references are looked
  /// up there).
  unowned(unsafe) var language: LanguageDefinition
  var line: Int
  var column: Int

  init(kind: Kind, language: LanguageDefinition, line: Int, column: Int) {
    self.kind = kind
    self.language = language
    self.line = line
    self.column = column
  }

  /// A container with neither start nor end: it only groups the contexts it includes.
  var isGroup: Bool {
    if case .container(nil, nil) = kind { return true }
    return false
  }
}

/// A language definition file, read.
final class LanguageDefinition: @unchecked Sendable {
  // Filled in once by the loader, then read only.
  let id: String
  var name: String
  /// Where it was read from, for diagnostics.
  let path: String
  /// File-name extensions from its `globs` (`*.swift` → `swift`).
  var extensions: [String] = []
  var hidden = false
  /// Style id → what it maps to (`def:keyword`, `xml:element-name`), `nil` for a root style.
  var styles: [String: String?] = [:]
  var caseSensitive = true
  var extended = false
  var keywordCharacterClass: String?
  var regexes: [String: PatternSource] = [:]
  var contexts: [String: ContextDefinition] = [:]
  /// `<replace id ref>`: references to `id` mean `ref` while this language is highlighted.
  var replacements: [(id: String, ref: String)] = []

  init(id: String, name: String, path: String) {
    self.id = id
    self.name = name
    self.path = path
  }

  /// The language's main context: the one named after the language.
  var mainContext: ContextDefinition? { contexts[id] }
}
