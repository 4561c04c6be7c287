import CvsiteCore

/// A language's contexts compiled into ``GrammarNode``s: references followed (across
/// languages, through `<replace>`), groups spliced, styles resolved to token classes,
/// patterns expanded and compiled, and every context's search planned.
struct GrammarCompiler {
  let languages: LanguageLibrary
  private let expander: PatternExpander
  /// Qualified context id → the qualified id that replaces it.
  private var replacements: [String: String] = [:]
  private var nodes: [String: GrammarNode] = [:]
  private var splicing: Set<ObjectIdentifier> = []
  private(set) var diagnostics: [Diagnostic] = []

  init(languages: LanguageLibrary) {
    self.languages = languages
    expander = PatternExpander(languages: languages)
  }

  /// Checks `language`'s own patterns and references without compiling the languages it
  /// embeds: what a theme's or a site's definition is checked with when the site loads
  /// (the whole grammar is compiled when a block first uses it).
  mutating func check(_ language: LanguageDefinition) {
    var pending = Array(language.contexts.values)
    var seen: Set<ObjectIdentifier> = []
    while let definition = pending.popLast() {
      guard seen.insert(ObjectIdentifier(definition)).inserted else { continue }
      pending += definition.includes
      switch definition.kind {
      case .simple(let source):
        _ = compilePattern(source, of: definition)
      case .container(let start, let end):
        if let start { _ = compilePattern(start, of: definition) }
        if let end { _ = compilePattern(end, of: definition, anchoredToStart: true) }
      case .reference(let ref, _, _):
        var base = ref
        if base.hasSuffix(":*") { base.removeLast(2) }
        let (owner, id) = PatternExpander.split(base, defaultLanguage: definition.language.id)
        if owner == language.id, language.contexts[id] == nil, base.contains(":") || languages[base] == nil {
          problem(
            "`\(ref)` refers to no context"
              + (closest(id, language.contexts.keys).map { " (did you mean `\($0)`?)" } ?? ""), definition)
        } else if owner != language.id, languages[owner] == nil, languages[base] == nil {
          problem("`\(ref)` refers to the language `\(owner)`, which is not loaded", definition)
        }
      case .subPattern:
        break
      }
    }
  }

  /// The root node of `language`: a group holding its main context's children.
  mutating func compile(_ language: LanguageDefinition) -> GrammarNode? {
    replacements = [:]
    for other in referencedLanguages(from: language) where other.id != language.id {
      for (id, ref) in other.replacements { replacements[qualified(id, in: other)] = qualified(ref, in: other) }
    }
    // The highlighted language's own replacements win.
    for (id, ref) in language.replacements { replacements[qualified(id, in: language)] = qualified(ref, in: language) }
    guard let main = language.mainContext else { return nil }
    return node(for: main, style: nil)
  }

  /// The languages `language` refers to, directly or through them (its embedded
  /// languages), in the order met: their `<replace>`s apply too.
  private func referencedLanguages(from language: LanguageDefinition) -> [LanguageDefinition] {
    var seen: Set<String> = [language.id]
    var order: [LanguageDefinition] = []
    var queue = [language]
    while let current = queue.popLast() {
      for context in current.contexts.values {
        for include in context.includes {
          guard case .reference(let ref, _, _) = include.kind, let colon = ref.firstIndex(of: ":") else { continue }
          let owner = String(ref[..<colon])
          guard !seen.contains(owner), let other = languages[owner] else { continue }
          seen.insert(owner)
          order.append(other)
          queue.append(other)
        }
      }
    }
    return order
  }

  private func qualified(_ ref: String, in language: LanguageDefinition) -> String {
    ref.contains(":") ? ref : "\(language.id):\(ref)"
  }

  private mutating func problem(
    _ message: String, _ definition: ContextDefinition, line: Int? = nil, column: Int? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        .error, message,
        at: SourceLocation(
          path: definition.language.path, line: line ?? definition.line, column: column ?? definition.column)))
  }

  /// The class of style `styleRef` written in `language`, following `map-to`.
  func tokenClass(_ styleRef: String?, in language: LanguageDefinition) -> UInt8 {
    guard var current = styleRef.map({ qualified($0, in: language) }) else { return 0 }
    for _ in 0..<16 {
      if let known = TokenClass.byStyle[current] { return known }
      let (owner, id) = PatternExpander.split(current, defaultLanguage: language.id)
      guard let definition = languages[owner], let mapped = definition.styles[id], let next = mapped else { return 0 }
      current = qualified(next, in: definition)
    }
    return 0
  }

  private mutating func compilePattern(
    _ source: PatternSource, of definition: ContextDefinition, anchoredToStart: Bool = false
  )
    -> CompiledPattern?
  {
    let language = definition.language
    let (caseless, extended) = PatternExpander.options(source, in: language)
    let text: String
    do {
      text = try expander.expand(source, in: language)
    } catch {
      problem(error.message, definition, line: source.line, column: source.column)
      return nil
    }
    if text.contains("\\%{") {
      guard anchoredToStart else {
        problem(
          "`\\%{…@start}` is only allowed in an <end> pattern", definition, line: source.line, column: source.column)
        return nil
      }
      return CompiledPattern(text: text, caseless: caseless, extended: extended, regex: nil)
    }
    var options: Regex.Options = [.duplicateNames]
    if caseless { options.insert(.caseless) }
    if extended { options.insert(.extended) }
    do {
      let regex = try Regex(text, options: options)
      return CompiledPattern(text: text, caseless: caseless, extended: extended, regex: regex)
    } catch {
      problem(
        "this pattern does not compile: \(error.message) (at byte \(error.offset) of `\(text.prefix(80))`)", definition,
        line: source.line, column: source.column)
      return nil
    }
  }

  private mutating func node(for definition: ContextDefinition, style override: UInt8?) -> GrammarNode? {
    let key = "\(ObjectIdentifier(definition).hashValue)/\(override.map(String.init) ?? "-")"
    if let existing = nodes[key] { return existing }
    let style = override ?? tokenClass(definition.styleRef, in: definition.language)
    var pattern: CompiledPattern?
    var end: CompiledPattern?
    switch definition.kind {
    case .simple(let source):
      guard let compiled = compilePattern(source, of: definition) else { return nil }
      pattern = compiled
    case .container(let start, let endSource):
      if let start {
        guard let compiled = compilePattern(start, of: definition) else { return nil }
        pattern = compiled
      }
      if let endSource {
        guard let compiled = compilePattern(endSource, of: definition, anchoredToStart: true) else { return nil }
        end = compiled
      }
    case .reference, .subPattern:
      return nil
    }
    let name = "\(definition.language.id):\(definition.id ?? "line \(definition.line)")"
    let node = GrammarNode(name: name, definition: definition, style: style, pattern: pattern, end: end)
    nodes[key] = node
    for include in definition.includes {
      guard case .subPattern(let group, let place) = include.kind else { continue }
      let sub = SubPattern(
        number: Int(group), name: Int(group) == nil ? group : nil,
        style: tokenClass(include.styleRef, in: include.language))
      if place == .end { node.endSubPatterns.append(sub) } else { node.matchSubPatterns.append(sub) }
    }
    if node.isContainer {
      // A group being spliced higher up may be spliced again inside this context.
      let outer = splicing
      splicing = []
      node.children = children(of: definition)
      splicing = outer
    }
    if end?.isDynamic != true {
      var alternatives: [SearchPlan.Alternative] = []
      var patterns: [CompiledPattern] = []
      var regexes: [Regex] = []
      // Children before the context's own end (SearchPlan says why).
      for (index, child) in node.children.enumerated() {
        guard let pattern = child.pattern, let regex = pattern.regex else { continue }
        alternatives.append(.child(index))
        patterns.append(pattern)
        regexes.append(regex)
      }
      if let end, let regex = end.regex {
        alternatives.append(.end(levels: 0))
        patterns.append(end)
        regexes.append(regex)
      }
      node.staticPlan = SearchPlan(
        alternatives: alternatives, patterns: patterns, regexes: regexes, children: node.children)
    }
    return node
  }

  /// The contexts `definition` includes, groups and `x:*` references spliced in.
  private mutating func children(of definition: ContextDefinition) -> [GrammarNode] {
    let identity = ObjectIdentifier(definition)
    guard !splicing.contains(identity) else { return [] }
    splicing.insert(identity)
    defer { splicing.remove(identity) }
    var result: [GrammarNode] = []
    for include in definition.includes {
      switch include.kind {
      case .subPattern:
        continue
      case .reference(let ref, let original, let ignoreStyle):
        var base = ref
        let star = ref.hasSuffix(":*")
        if star { base.removeLast(2) }
        var name = qualified(base, in: include.language)
        if !base.contains(":"), include.language.contexts[base] == nil, languages[base] != nil {
          name = "\(base):\(base)"
        }
        if !original, let replaced = replacements[name] { name = replaced }
        let (owner, id) = PatternExpander.split(name, defaultLanguage: include.language.id)
        guard let language = languages[owner] else {
          problem("`\(ref)` refers to the language `\(owner)`, which is not loaded", include)
          continue
        }
        guard let target = language.contexts[id] else {
          problem(
            "`\(ref)` refers to no context"
              + (closest(id, language.contexts.keys).map { " (did you mean `\($0)`?)" } ?? ""), include)
          continue
        }
        if star || target.isGroup {
          result += children(of: target)
        } else {
          let override: UInt8? =
            ignoreStyle ? 0 : include.styleRef.map { tokenClass($0, in: include.language) }
          if let child = node(for: target, style: override) { result.append(child) }
        }
      default:
        if include.isGroup {
          result += children(of: include)
        } else if let child = node(for: include, style: nil) {
          result.append(child)
        }
      }
    }
    return result
  }
}
