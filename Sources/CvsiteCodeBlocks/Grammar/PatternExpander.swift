import CvsiteCore

/// Expands GtkSourceView's regex extensions into plain PCRE2 syntax: `\%{id}` and
/// `\%{lang:id}` (a `<define-regex>`), `\%[` and `\%]` (keyword boundaries). `\%{N@start}`
/// is left for the evaluator, which fills it with the text the start pattern matched.
struct PatternExpander {
  let languages: LanguageLibrary

  struct Failure: Error {
    var message: String
  }

  /// `(?flags:` for a group that sets exactly these options.
  static func optionGroup(caseless: Bool, extended: Bool) -> String {
    let on = (caseless ? "i" : "") + (extended ? "x" : "")
    let off = (caseless ? "" : "i") + (extended ? "" : "x")
    return off.isEmpty ? "(?\(on):" : "(?\(on)-\(off):"
  }

  /// Whether `source`, read in `language`, is case-insensitive and extended.
  static func options(_ source: PatternSource, in language: LanguageDefinition) -> (caseless: Bool, extended: Bool) {
    (!(source.caseSensitive ?? language.caseSensitive), source.extended ?? language.extended)
  }

  func expand(_ source: PatternSource, in language: LanguageDefinition) throws(Failure) -> String {
    try expand(source.text, in: language, depth: 0)
  }

  private func expand(_ text: String, in language: LanguageDefinition, depth: Int) throws(Failure) -> String {
    guard depth < 32 else { throw Failure(message: "`\\%{…}` references nest more than 32 deep (a cycle?)") }
    guard text.contains("\\%") else { return text }
    var out = ""
    var characters = text.unicodeScalars[...]
    while let character = characters.popFirst() {
      guard character == "\\", let next = characters.first else {
        out.unicodeScalars.append(character)
        continue
      }
      guard next == "%" else {
        out.unicodeScalars.append(character)
        out.unicodeScalars.append(characters.removeFirst())
        continue
      }
      characters.removeFirst()
      switch characters.popFirst() {
      case "[":
        out += language.keywordCharacterClass.map { "(?<!\($0))(?=\($0))" } ?? "\\b"
      case "]":
        out += language.keywordCharacterClass.map { "(?<=\($0))(?!\($0))" } ?? "\\b"
      case "{":
        var name = ""
        while let scalar = characters.popFirst(), scalar != "}" { name.unicodeScalars.append(scalar) }
        if name.hasSuffix("@start") {
          out += "\\%{\(name)}"
          continue
        }
        let (owner, id) = Self.split(name, defaultLanguage: language.id)
        guard let definingLanguage = languages[owner] else {
          throw Failure(message: "`\\%{\(name)}` refers to the language `\(owner)`, which is not loaded")
        }
        guard let regex = definingLanguage.regexes[id] else {
          throw Failure(
            message: "`\\%{\(name)}` refers to no <define-regex>"
              + (closest(id, definingLanguage.regexes.keys).map {
                " (did you mean `\($0)`?)"
              } ?? ""))
        }
        let (caseless, extended) = Self.options(regex, in: definingLanguage)
        let inner = try expand(regex.text, in: definingLanguage, depth: depth + 1)
        out += Self.optionGroup(caseless: caseless, extended: extended) + inner + (extended ? "\n)" : ")")
      default:
        throw Failure(message: "`\\%` must be followed by `[`, `]` or `{…}`")
      }
    }
    return out
  }

  /// `lang:id` into its parts; a name without a language is in `defaultLanguage`.
  static func split(_ name: String, defaultLanguage: String) -> (String, String) {
    guard let colon = name.firstIndex(of: ":") else { return (defaultLanguage, name) }
    return (String(name[..<colon]), String(name[name.index(after: colon)...]))
  }
}
