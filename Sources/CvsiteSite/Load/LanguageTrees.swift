import CvsiteCore

/// The pages and files of one language of the site, each named as the default
/// language names it: `content/es/docs/install.md` and `content/docs/install.es.md` are
/// both `docs/install.md` of the Spanish tree.
struct LanguageTree: Sendable {
  var language: SiteLanguage
  /// Its files: ``ContentFile/sitePath`` is where each is, ``ContentFile/relativePath``
  /// its name in the tree.
  var files: [ContentFile]
  /// The site paths of the default language's pages shown in this language because it
  /// has no translation of them.
  var untranslated: Set<String> = []
}

/// Splits a site's content into one tree per language. A file belongs to a language by
/// its first folder (`content/es/…`, the layout of Starlight and Docusaurus) or by the
/// suffix before its extension (`page.es.md`, the layout of mkdocs-static-i18n and
/// Hugo); any other file is the default language's.
enum LanguageTrees {
  /// What identifies a page across languages: its folder and name without extension
  /// (`docs/install`), or for a section's page its folder (`docs`; `/` at the top), so
  /// that `index.md` translates `_index.md`, and `docs.md` a folder's `docs/index.md`
  /// (both are at `/docs/`: Biome's translations keep a page its original moved into a
  /// folder).
  static func identity(of relativePath: String, kind: ContentFile.Kind) -> String {
    switch kind {
    case .sectionIndex:
      let folder = relativePath.split(separator: "/").dropLast().joined(separator: "/")
      return folder.isEmpty ? "/" : folder
    case .page: return ContentFile.withoutMarkdownExtension(relativePath)
    case .resource: return relativePath
    }
  }

  /// The trees, the default language's first, and the problems of the layout: a
  /// suffix that looks like a language the site does not have, two files for one page
  /// of one language, and a translation of a page the default language does not have.
  ///
  /// With `tolerant` (a project of another generator, which publishes such a page in its
  /// language), a translation of no page is a warning.
  static func split(_ files: [ContentFile], languages: SiteLanguages, tolerant: Bool = false)
    -> ([LanguageTree], [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    var byLanguage: [String: [ContentFile]] = [:]
    let codes = Dictionary(languages.all.map { ($0.code.lowercased(), $0.code) }, uniquingKeysWith: { a, _ in a })
    // A language's folder may have a name of its own (Starlight's `jp` for `ja`).
    let folders = codes.merging(
      languages.all.filter { !$0.folder.isEmpty }.map { (String($0.folder.dropLast()).lowercased(), $0.code) },
      uniquingKeysWith: { code, _ in code })
    let defaultCode = languages.defaultLanguage.code
    for file in files {
      var parts = file.relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      if parts.count > 1, let code = folders[parts[0].lowercased()] {
        parts.removeFirst()
        let relative = parts.joined(separator: "/")
        let kind = file.kind == .resource ? .resource : ContentFile.Kind.ofMarkdownFile(named: parts.last ?? "")
        byLanguage[code, default: []].append(
          ContentFile(sitePath: file.sitePath, relativePath: relative, kind: kind, path: file.path))
        continue
      }
      let name = parts.last ?? ""
      if file.kind != .resource, let length = ContentFile.markdownExtensionLength(name) {
        let stem = name.dropLast(length)
        if let dot = stem.lastIndex(of: "."), stem.startIndex < dot {
          let suffix = String(stem[stem.index(after: dot)...])
          if let code = codes[suffix.lowercased()] {
            parts[parts.count - 1] = String(stem[..<dot]) + name.suffix(length)
            let kind = ContentFile.Kind.ofMarkdownFile(named: parts[parts.count - 1])
            byLanguage[code, default: []].append(
              ContentFile(
                sitePath: file.sitePath, relativePath: parts.joined(separator: "/"), kind: kind, path: file.path))
            continue
          }
          if looksLikeLanguage(suffix) {
            diagnostics.append(
              Diagnostic(
                .error,
                "`\(suffix)` in `\(name)` names no language of the site (\(languages.codes.joined(separator: ", "))): rename the file, or add the language to `languages` in cvsite.yml",
                at: SourceLocation(path: file.sitePath, line: 1, column: 1),
                suggestion: closest(suffix, languages.codes).map {
                  String(stem[..<dot]) + "." + $0 + name.suffix(length)
                }
              ))
            continue
          }
        }
      }
      byLanguage[defaultCode, default: []].append(file)
    }
    // One file per page and language.
    for code in languages.codes {
      var seen: [String: ContentFile] = [:]
      var kept: [ContentFile] = []
      for file in byLanguage[code] ?? [] {
        let key = identity(of: file.relativePath, kind: file.kind)
        if let first = seen[key] {
          for (one, other) in [(first, file), (file, first)] {
            diagnostics.append(
              Diagnostic(
                .error,
                "`\(one.sitePath)` and `\(other.sitePath)` are both the \(languages.language(code)?.name ?? code) page `\(file.relativePath)`: keep one",
                at: SourceLocation(path: one.sitePath, line: 1, column: 1)))
          }
          continue
        }
        seen[key] = file
        kept.append(file)
      }
      byLanguage[code] = kept
    }
    let originals = byLanguage[defaultCode] ?? []
    let originalKeys = Set(originals.map { identity(of: $0.relativePath, kind: $0.kind) })
    let originalPages = Dictionary(
      originals.filter { $0.kind != .resource }.map { ($0.relativePath, $0.sitePath) }, uniquingKeysWith: { a, _ in a })
    var trees: [LanguageTree] = []
    for language in languages.all {
      let own = byLanguage[language.code] ?? []
      guard language.code != defaultCode else {
        trees.append(LanguageTree(language: language, files: own))
        continue
      }
      var translated = Set<String>()
      for file in own {
        let key = identity(of: file.relativePath, kind: file.kind)
        translated.insert(key)
        guard file.kind != .resource, !originalKeys.contains(key) else { continue }
        diagnostics.append(
          Diagnostic(
            tolerant ? .warning : .error,
            "`\(file.sitePath)` translates no page of the default language (\(languages.defaultLanguage.name)): a translation has the name of its original",
            at: SourceLocation(path: file.sitePath, line: 1, column: 1),
            suggestion: closest(file.relativePath, originalPages.keys).flatMap { originalPages[$0] }))
      }
      var tree = LanguageTree(language: language, files: own)
      for file in originals where !translated.contains(identity(of: file.relativePath, kind: file.kind)) {
        guard file.kind == .resource || languages.showsUntranslated else { continue }
        tree.files.append(file)
        if file.kind != .resource { tree.untranslated.insert(file.sitePath) }
      }
      trees.append(tree)
    }
    return (trees, diagnostics)
  }

  /// On a site without `languages`: the pages named as translations of another
  /// (`a.es.md` beside `a.md`), which are published as pages of their own. One warning
  /// per language suffix, at its first such file, saying how many there are.
  static func unconfiguredTranslations(_ files: [ContentFile]) -> [Diagnostic] {
    let pages = Set(files.filter { $0.kind != .resource }.map { identity(of: $0.relativePath, kind: $0.kind) })
    var found: [String: (first: ContentFile, original: String, count: Int)] = [:]
    for file in files where file.kind != .resource {
      let parts = file.relativePath.split(separator: "/", omittingEmptySubsequences: false)
      let name = String(parts.last ?? "")
      let stem = ContentFile.withoutMarkdownExtension(name)
      guard let dot = stem.lastIndex(of: "."), stem.startIndex < dot else { continue }
      let suffix = String(stem[stem.index(after: dot)...])
      guard looksLikeLanguage(suffix) else { continue }
      let original = (parts.dropLast().map(String.init) + [String(stem[..<dot]) + ".md"]).joined(separator: "/")
      let kind = ContentFile.Kind.ofMarkdownFile(named: String(stem[..<dot]) + ".md")
      guard pages.contains(identity(of: original, kind: kind)) else { continue }
      if let known = found[suffix] {
        found[suffix]?.count = known.count + 1
      } else {
        found[suffix] = (file, original, 1)
      }
    }
    return found.sorted { $0.key < $1.key }.map { suffix, value in
      Diagnostic(
        .warning,
        "`\(value.first.relativePath)` reads as the `\(suffix)` translation of `\(value.original)`"
          + (value.count > 1 ? " (and \(value.count - 1) more files like it)" : "")
          + ", but the site names no `languages` in cvsite.yml: each is published as a page of its own",
        at: SourceLocation(path: value.first.sitePath, line: 1, column: 1))
    }
  }

  /// Whether a file name's last suffix reads as a language tag (`xx`, `pt-BR`): two
  /// lowercase letters, then an optional region or script.
  static func looksLikeLanguage(_ suffix: String) -> Bool {
    let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, first.count == 2, first.allSatisfy({ $0.isASCII && $0.isLowercase }),
      parts.count <= 2
    else { return false }
    return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter } }
  }
}
