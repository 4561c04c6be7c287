import CvsiteCore
import Foundation
import Synchronization

/// The languages code blocks can be coloured in: GtkSourceView language definitions read
/// from the base set (the copy built into the executable, or a folder named by
/// `CVSITE_LANGUAGE_SPECS`), then from a theme's and a site's `languages/` folders, later
/// trees overriding earlier ones by language id.
public final class CodeLanguages: Sendable {
  private let library: LanguageLibrary
  private let aliases: [String: String]
  private let grammars = Mutex<[String: GrammarNode?]>([:])
  let cache = PlanCache()

  /// The folder `CVSITE_LANGUAGE_SPECS` names, which replaces the built-in definitions
  /// (a newer GtkSourceView's, say); `nil` when it is not set.
  public static var specsFolderOverride: FileTree? {
    guard let path = ProcessInfo.processInfo.environment["CVSITE_LANGUAGE_SPECS"], !path.isEmpty else { return nil }
    return .folder(URL(fileURLWithPath: path))
  }

  /// Names authors write after a fence that GtkSourceView calls otherwise. JSON with
  /// comments (`jsonc`, `json5`) goes to JavaScript: GtkSourceView's JSON marks every
  /// comment as an error.
  static let commonAliases: [String: String] = [
    "bash": "sh", "zsh": "sh", "shell": "sh", "ksh": "sh", "shellscript": "sh",
    "shell-session": "console", "shellsession": "console", "terminal": "console", "sh-session": "console",
    "yml": "yaml", "javascript": "js", "mjs": "js", "cjs": "js", "node": "js", "ts": "typescript",
    "tsx": "typescript-jsx", "py": "python3", "python": "python3", "python2": "python", "gyp": "python3",
    "pycon": "python3", "py3": "python3", "ipython": "python3", "bash-session": "console",
    "objective-c": "objc",
    "objectivec": "objc", "obj-c": "objc", "c++": "cpp", "cxx": "cpp", "cc": "cpp", "hpp": "cpp", "h": "c",
    "golang": "go", "rs": "rust", "kt": "kotlin", "kts": "kotlin", "rb": "ruby", "patch": "diff", "md": "markdown",
    "dockerfile": "docker", "containerfile": "docker", "make": "makefile", "mk": "makefile", "htm": "html",
    "xhtml": "html", "svg": "xml", "plist": "xml", "jsonc": "js", "json5": "js", "hbs": "mustache",
    "handlebars": "mustache", "sqlite": "sql", "postgresql": "sql", "psql": "sql", "mysql": "sql", "cs": "c-sharp",
    "c#": "c-sharp", "csharp": "c-sharp", "ps1": "powershell", "pwsh": "powershell", "tf": "terraform",
    "hcl": "terraform", "bat": "dosbatch", "batch": "dosbatch", "cmd": "dosbatch", "properties": "ini",
    "jsonl": "json", "ndjson": "json", "jsonld": "json", "json-ld": "json", "geojson": "json", "mm": "objc",
    "objective-c++": "objc", "objcpp": "objc", "django": "dtl", "jinja": "dtl", "jinja2": "dtl", "vue": "html",
    "svelte": "html",
  ]

  /// The definitions read from `trees` (missing folders are skipped), the base set
  /// first. Problems in the trees after the first (a theme's, a site's) are diagnostics;
  /// the base set's own files are trusted. Only `.lang` files directly in a tree count.
  public static func load(trees: [FileTree]) -> (CodeLanguages, [Diagnostic]) {
    var entries: [String: LanguageLibrary.Entry] = [:]
    var preloaded: [String: LanguageDefinition] = [:]
    var diagnostics: [Diagnostic] = []
    var userLanguages: [String] = []
    for (index, tree) in trees.enumerated() {
      let files = tree.relativePaths().filter { $0.hasSuffix(".lang") && !$0.contains("/") }
      if index == 0, files.isEmpty {
        // Without the base definitions almost no language is known, and a theme's
        // definitions that build on them (`sh:sh`) cannot be checked: say what is missing.
        diagnostics.append(
          .ioFailure(
            "no language definitions in \(tree.label): CVSITE_LANGUAGE_SPECS must name a folder of "
              + "GtkSourceView .lang files (or be unset, for the built-in ones)"))
        return (CodeLanguages(library: LanguageLibrary(entries: [:], preloaded: [:])), diagnostics)
      }
      for file in files {
        let path = tree.displayPath(file)
        guard let data = tree.contents(file) else {
          diagnostics.append(.ioFailure("cannot read the language definition \(path)"))
          continue
        }
        let text = String(decoding: data, as: UTF8.self)
        guard index > 0 else {
          // The base set's files: only their start now, the rest when a block needs them.
          if let (id, entry) = LanguageLibrary.entry(tree: tree, file: file, text: text) { entries[id] = entry }
          continue
        }
        var reader = LanguageFileReader(path: path)
        let definition = reader.read(text)
        diagnostics += reader.diagnostics
        guard let definition else { continue }
        preloaded[definition.id] = definition
        entries[definition.id] = LanguageLibrary.Entry(
          tree: tree, file: file, name: definition.name, extensions: definition.extensions)
        userLanguages.append(definition.id)
      }
    }
    let languages = CodeLanguages(library: LanguageLibrary(entries: entries, preloaded: preloaded))
    // A theme's or a site's definitions are checked now, so that a broken one is said at
    // once rather than when a page first uses it.
    for id in userLanguages {
      guard let definition = preloaded[id] else { continue }
      var compiler = GrammarCompiler(languages: languages.library)
      compiler.check(definition)
      diagnostics += compiler.diagnostics
    }
    return (languages, diagnostics)
  }

  private init(library: LanguageLibrary) {
    self.library = library
    var aliases: [String: String] = [:]
    for (id, entry) in library.entries {
      for ext in entry.extensions where aliases[ext] == nil { aliases[ext] = id }
    }
    for (id, entry) in library.entries {
      aliases[entry.name.lowercased()] = id
    }
    for id in library.entries.keys { aliases[id] = id }
    // Last: these are chosen, and one of them is another definition's id (`python`,
    // GtkSourceView's Python 2, means Python 3 to authors; `python2` still reaches it).
    for (alias, id) in Self.commonAliases where library.entries[id] != nil { aliases[alias] = id }
    self.aliases = aliases
  }

  /// How many languages are loaded.
  public var count: Int { library.entries.count }

  /// The id of the language `name` (an id, a usual alias or a file extension, any case).
  public func languageID(for name: String) -> String? {
    // Names are mostly written in lowercase ASCII already: then no lowercased copy.
    let lowercase = name.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }
    return aliases[lowercase ? name : name.lowercased()]
  }

  /// Every name `languageID(for:)` knows, for did-you-mean.
  public var knownNames: [String] { Array(aliases.keys) }

  /// The language's display name (`Swift`, `YAML`).
  public func displayName(of id: String) -> String? { library.entries[id]?.name }

  private func compile(_ id: String) -> (GrammarNode?, [Diagnostic]) {
    guard let definition = library[id] else { return (nil, []) }
    var compiler = GrammarCompiler(languages: library)
    let root = compiler.compile(definition)
    return (root, compiler.diagnostics)
  }

  func grammar(_ id: String) -> GrammarNode? {
    if let known = grammars.withLock({ $0[id] }) { return known }
    let root = compile(id).0
    grammars.withLock { $0[id] = .some(root) }
    return root
  }

  /// `code` split into lines and coloured as `languageID`; `nil` for an unknown language.
  func tokenize(_ code: [UInt8], lines: [Range<Int>]? = nil, languageID: String) -> TokenizedCode? {
    guard let root = grammar(languageID) else { return nil }
    return Tokenizer(root: root, cache: cache).tokenize(code, lines: lines)
  }
}
