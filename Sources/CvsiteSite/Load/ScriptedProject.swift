import CvsiteCore
import CvsiteMarkdown
import Foundation

/// A project of a generator whose settings are a JavaScript program (Docusaurus,
/// VitePress, Starlight), found by its settings file when the folder has no `cvsite.yml`
/// or `mkdocs.yml`. cvsite does not run the program: it reads the site's title from it,
/// takes the pages from where that generator keeps them, and says so in a warning.
enum ScriptedProject: CaseIterable {
  case docusaurus, vitepress, starlight

  /// The files that mark a project, relative to its folder.
  var settingsFiles: [String] {
    switch self {
    case .docusaurus:
      return [
        "docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.mts",
        "docusaurus.config.cjs",
      ]
    case .vitepress:
      // The config may be a folder whose `index` gathers its parts (Pinia's, Vue Router's).
      return [
        ".vitepress/config.js", ".vitepress/config.ts", ".vitepress/config.mts", ".vitepress/config.mjs",
        ".vitepress/config/index.ts", ".vitepress/config/index.mts", ".vitepress/config/index.js",
        ".vitepress/config/index.mjs",
      ]
    case .starlight: return ["astro.config.mjs", "astro.config.ts", "astro.config.js"]
    }
  }

  /// Where the generator keeps the pages.
  var contentFolder: String {
    switch self {
    case .docusaurus: return "docs"
    case .vitepress: return "."
    case .starlight: return "src/content/docs"
    }
  }

  /// Where the generator writes the site, and cvsite with it.
  var outputFolder: String {
    switch self {
    case .docusaurus: return "build"
    case .vitepress: return ".vitepress/dist"
    case .starlight: return "dist"
    }
  }

  var name: String {
    switch self {
    case .docusaurus: return "Docusaurus"
    case .vitepress: return "VitePress"
    case .starlight: return "Starlight"
    }
  }

  /// Every settings file name, in the order they are looked for.
  static let fileNames = allCases.flatMap(\.settingsFiles)

  /// The project a settings file marks.
  static func project(of file: String) -> ScriptedProject? { allCases.first { $0.settingsFiles.contains(file) } }

  /// The settings file of the project at `root`: one of ``fileNames`` (for Starlight,
  /// with its pages' folder there too).
  static func file(in root: URL) -> String? {
    let manager = FileManager.default
    return fileNames.first { file in
      guard manager.fileExists(atPath: root.appendingPathComponent(file).path) else { return false }
      return project(of: file) != .starlight
        || manager.fileExists(atPath: root.appendingPathComponent(ScriptedProject.starlight.contentFolder).path)
    }
  }

  /// The settings of the project at `root` whose settings file `path` holds `text`; a
  /// Docusaurus project's navigation from its `sidebars.js` (``DocusaurusSidebars``).
  static func read(_ text: String, path: String, root: URL) -> (SiteConfig, [Diagnostic]) {
    var config = SiteConfig()
    guard let project = project(of: path) else { return (config, []) }
    config.settingsFile = path
    config.contentFolder = project.contentFolder
    config.listsSections = false
    // Their pages hold HTML (MDX, Vue), which those generators publish as written.
    (config.rawHTML, config.trustsRawHTML) = (true, true)
    // They report a broken link without failing the build.
    config.links = .warn
    config.tolerant = true
    // Their page URLs end without a slash: a relative link is read from the page's folder.
    config.linksFromPageFolder = project != .starlight
    if let title = firstTitle(in: text) { config.title = title }
    if project == .vitepress {
      if let written = firstString(named: "srcDir", in: text, besideKey: "title") {
        // `srcDir: 'src'`: the pages' folder, from the project's.
        let folder = DocusaurusBlog.normalized(written)
        if !folder.isEmpty, !folder.hasPrefix(".."),
          FileKind(following: root.appendingPathComponent(folder).path) == .folder
        {
          config.contentFolder = folder
        }
      }
      config.foreignLayouts = ["home", "doc", "page"]
      config.rewrites = PathRewrites(ScriptLiteralReader.object(named: "rewrites", in: text))
      config.attributeDelimiters = vitePressAttributeDelimiters(in: text, path: path, root: root)
    }
    if project == .starlight || project == .vitepress,
      let languages = localeLanguages(
        in: text, path: path, root: root, project: project, inputs: &config.settingsInputs)
    {
      config.languages = languages
      config.language = languages.defaultLanguage.code
      config.direction = languages.defaultLanguage.direction
    }
    if project == .vitepress, config.languages == nil,
      let lang = firstString(named: "lang", in: text, besideKey: "title"),
      SiteLanguage.isLanguageTag(lang)
    {
      // VitePress' `lang: 'en-US'`: the site's language, without locales.
      config.language = lang
      config.direction = SiteLanguage.isRightToLeft(lang) ? "rtl" : "ltr"
    }
    var problems: [Diagnostic] = []
    config.stripsNumberPrefixes = project == .docusaurus
    var sidebarsFile: String?
    // The classic preset's `docs` settings.
    let docs = project == .docusaurus ? ScriptLiteralReader.object(named: "docs", in: text) : nil
    if let docs {
      // The classic preset's `docs: {path: '../docs', sidebarPath: './sidebars.json'}`.
      if let written = docs["path"], let folder = written.string {
        switch docusaurusFolder(folder, root: root) {
        case .success(let found): config.contentFolder = found
        case .failure(let problem):
          problems.append(
            Diagnostic(
              .error, "'docs.path': \(problem.message)",
              at: SourceLocation(path: path, line: written.line, column: written.column)
            ))
        }
      }
      sidebarsFile = docs["sidebarPath"].flatMap(quotedPath)
    }
    if project == .docusaurus,
      let sidebars = ([sidebarsFile].compactMap { $0 } + DocusaurusSidebars.fileNames).first(where: {
        FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
      }),
      let written = try? String(contentsOf: root.appendingPathComponent(sidebars), encoding: .utf8)
    {
      (config.writtenNavigation, problems) = DocusaurusSidebars.read(
        written, path: sidebars, root: root, contentFolder: config.contentFolder)
      config.settingsInputs.append(sidebars)
    }
    if project == .docusaurus,
      let (versions, versionProblems) = docusaurusVersions(root: root, current: config.contentFolder, settings: docs)
    {
      if let versions { config.versions = versions }
      config.settingsInputs.append("versions.json")
      problems += versionProblems
    }
    if !config.rewrites.unread.isEmpty {
      problems.append(
        Diagnostic(
          .warning,
          "the rewrites \(config.rewrites.unread.map { "`\($0)`" }.joined(separator: ", ")) are not read by cvsite: "
            + "those pages stay at their files' paths",
          at: SourceLocation(path: path, line: 1, column: 1)))
    }
    if project == .docusaurus, let url = firstString(named: "url", in: text, besideKey: "title"),
      url.hasPrefix("https://") || url.hasPrefix("http://")
    {
      // `url: 'https://prettier.io'` and `baseUrl: '/'`: where the site is published, which
      // its feeds, sitemap and canonical links name.
      let base = firstString(named: "baseUrl", in: text, besideKey: "title") ?? "/"
      let joined = (url.hasSuffix("/") ? String(url.dropLast()) : url) + (base.hasPrefix("/") ? base : "/" + base)
      let baseURL = joined.hasSuffix("/") ? joined : joined + "/"
      if URLSafety.baseURLProblem(baseURL) == nil { config.baseURL = baseURL }
    }
    if project == .docusaurus, text.range(of: #"\bblog\s*:\s*false\b"#, options: .regularExpression) == nil,
      let blog = DocusaurusBlog.read(ScriptLiteralReader.object(named: "blog", in: text), root: root)
    {
      config.blog = blog
      if let file = blog.authorsFile { config.settingsInputs.append(file) }
    }
    if let aliases = importAliases(root: root) {
      config.importAliases = aliases
      config.settingsInputs.append("tsconfig.json")
    }
    let pagesFolder = config.contentFolder == "." ? "this folder" : "\(config.contentFolder)/"
    let diagnostic = Diagnostic(
      .warning,
      "\(path) is a \(project.name) program, which cvsite does not run: the site's title is read from it, "
        + "the pages from \(pagesFolder), their order from "
        + (config.writtenNavigation == nil ? "their front matter and folders" : "the sidebars"),
      at: SourceLocation(path: path, line: 1, column: 1))
    return (config, [diagnostic] + problems)
  }

  /// VitePress' `markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } }`, in
  /// the settings file or, for a settings folder (`.vitepress/config/index.ts`), in a
  /// file beside it; nil when the delimiters are the usual ones or cannot be written over
  /// `{` and `}` (the left one must end with `{`, the right one start with `}`).
  static func vitePressAttributeDelimiters(in text: String, path: String, root: URL) -> AttributeDelimiters? {
    var texts = [text]
    let folder = path.split(separator: "/").dropLast().joined(separator: "/")
    if folder.hasSuffix(".vitepress/config"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
    {
      for name in names.sorted() where name != String(path.split(separator: "/").last ?? "") {
        guard [".ts", ".mts", ".js", ".mjs"].contains(where: { name.hasSuffix($0) }),
          let more = try? String(contentsOf: root.appendingPathComponent(folder + "/" + name), encoding: .utf8)
        else { continue }
        texts.append(more)
      }
    }
    for text in texts {
      guard let attrs = ScriptLiteralReader.object(named: "attrs", in: text),
        let open = attrs["leftDelimiter"]?.string, let close = attrs["rightDelimiter"]?.string
      else { continue }
      return AttributeDelimiters(open: open, close: close)
    }
    return nil
  }

  /// The import aliases of the project's `tsconfig.json` (`compilerOptions.paths`, as
  /// Astro and Vite resolve them): `"@fragments/*": ["src/content/docs/_fragments/*"]`
  /// lets a page import `@fragments/cta.mdx`. Each alias's prefix and the folder it
  /// stands for, from the project's folder (with `baseUrl`); nil when there are none.
  static func importAliases(root: URL) -> [(prefix: String, folder: String)]? {
    guard let text = try? String(contentsOf: root.appendingPathComponent("tsconfig.json"), encoding: .utf8),
      let paths = ScriptLiteralReader.object(named: "paths", in: text)?.object
    else { return nil }
    let base = ScriptLiteralReader.object(named: "compilerOptions", in: text)?["baseUrl"]?.string ?? "."
    var aliases: [(prefix: String, folder: String)] = []
    for (key, value) in paths {
      // Only folder aliases (`@x/*` → `dir/*`) name files a page may import.
      guard key.hasSuffix("/*"), let target = value.array?.first?.string, target.hasSuffix("/*") else { continue }
      let parts = (base + "/" + target.dropLast(2)).split(separator: "/").filter { $0 != "." }
      guard !base.hasPrefix("/"), !target.hasPrefix("/"), !parts.contains("..") else { continue }
      aliases.append((String(key.dropLast()), parts.joined(separator: "/")))
    }
    return aliases.isEmpty ? nil : aliases
  }

  /// Starlight's or VitePress' `locales` as the site's languages: each key a folder of
  /// the pages (`root`: the pages outside any), its `label` the name, `lang` the tag (the
  /// key when absent; `en`, or VitePress' `en-US`, for `root`), `dir` the direction; the
  /// default is `root`, else `defaultLocale`. A VitePress locale whose `link` leads to
  /// another site is that site's, not this build's. The locales may be written in place
  /// or named: a variable of the settings program, or one it imports from a file of the
  /// project (added to `inputs`).
  static func localeLanguages(
    in text: String, path: String, root: URL, project: ScriptedProject, inputs: inout [String]
  ) -> SiteLanguages? {
    guard
      let locales = ScriptLiteralReader.object(named: "locales", in: text, file: path, root: root, inputs: &inputs)?
        .object, !locales.isEmpty
    else {
      return nil
    }
    let defaultKey = locales.contains { $0.key == "root" } ? "root" : defaultLocale(in: text)
    var all: [SiteLanguage] = []
    var first = 0
    for (key, value) in locales {
      let code = value["lang"]?.string ?? (key == "root" ? (project == .vitepress ? "en-US" : "en") : key)
      guard SiteLanguage.isLanguageTag(code) else { continue }
      if let link = value["link"]?.string, link.hasPrefix("http://") || link.hasPrefix("https://") { continue }
      if key == defaultKey { first = all.count }
      let rtl =
        value["dir"]?.string.map { $0 == "rtl" } ?? SiteLanguage.isRightToLeft(code)
      all.append(
        SiteLanguage(
          code: code,
          name: value["label"]?.string ?? SiteLanguage.name(of: code),
          isRightToLeft: rtl, folder: key == "root" ? "" : key + "/"))
    }
    guard !all.isEmpty else { return nil }
    return SiteLanguages(all: [all.remove(at: first)] + all)
  }

  /// The `defaultLocale: '…'` of a settings program.
  static func defaultLocale(in text: String) -> String? {
    guard let range = text.range(of: "defaultLocale") else { return nil }
    let rest = text[range.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\t" }
    guard let quote = rest.first, quote == "'" || quote == "\"", let end = rest.dropFirst().firstIndex(of: quote) else {
      return nil
    }
    return String(rest[rest.index(after: rest.startIndex)..<end])
  }

  /// The first `name: '…'` (or `"…"`) of a settings program written at the start of a
  /// line; with `besideKey`, only one indented as that key's first line is (a key of the
  /// same object: `srcDir` beside `title`, not a plugin's own `srcDir`).
  static func firstString(named name: String, in text: String, besideKey sibling: String? = nil) -> String? {
    var indent = #"[ \t]*"#
    if let sibling {
      let siblingPattern = #"(?m)^([ \t]*)"# + sibling + #"\s*:"#
      guard let found = ScriptLiteralReader.firstMatch(siblingPattern, in: text) else { return nil }
      indent = NSRegularExpression.escapedPattern(for: found[1])
    }
    let pattern = #"(?m)^"# + indent + name + #"\s*:\s*['"]([^'"\n]+)['"]"#
    return ScriptLiteralReader.firstMatch(pattern, in: text)?[1]
  }

  /// The first `title: '…'` (or `"…"`) of a settings program: the site's title in each.
  static func firstTitle(in text: String) -> String? {
    for line in text.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("title:") else { continue }
      let value = trimmed.dropFirst(6).drop { $0 == " " }
      guard let quote = value.first, quote == "'" || quote == "\"" || quote == "`",
        let end = value.dropFirst().firstIndex(of: quote)
      else { continue }
      let title = String(value[value.index(after: value.startIndex)..<end])
      if !title.isEmpty, !title.contains("${") { return title }
    }
    return nil
  }

  /// The folder of a Docusaurus project's docs, `written` relative to its folder
  /// (`docs`, `../docs`): inside the project, or beside it in the repository that holds it.
  static func docusaurusFolder(_ written: String, root: URL) -> Result<String, FolderProblem> {
    var parts = written.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
    guard !written.hasPrefix("/"), !parts.isEmpty else {
      return .failure(FolderProblem("`\(written)` is no folder of the project"))
    }
    // `a/../b` is `b`; what climbs out of the project must stay in its repository.
    var folded: [String] = []
    for part in parts {
      if part == "..", let last = folded.last, last != ".." { folded.removeLast() } else { folded.append(part) }
    }
    parts = folded
    let folder = parts.joined(separator: "/")
    guard parts.first == ".." else { return .success(folder) }
    let resolved = root.appendingPathComponent(folder).standardizedFileURL.resolvingSymlinksInPath().path
    guard let repository = SiteIncludedFiles.repository(holding: root.standardizedFileURL.resolvingSymlinksInPath()),
      resolved.hasPrefix(repository.path + "/")
    else {
      return .failure(
        FolderProblem("`\(written)` is outside the project and no repository holds both: its pages are not read"))
    }
    return .success(folder)
  }

  /// The path a value names: a string, or the first quoted text of an expression
  /// (`require.resolve('./sidebars.js')`), without its leading `./`.
  private static func quotedPath(_ value: ScriptLiteral) -> String? {
    var text: String
    switch value.kind {
    case .string(let string): text = string
    case .code(let code):
      guard let open = code.firstIndex(where: { $0 == "'" || $0 == "\"" }),
        let close = code[code.index(after: open)...].firstIndex(of: code[open])
      else { return nil }
      text = String(code[code.index(after: open)..<close])
    default: return nil
    }
    while text.hasPrefix("./") { text.removeFirst(2) }
    return text.isEmpty || text.hasPrefix("/") || text.contains("..") ? nil : text
  }
}

/// Why a folder a project's settings name cannot hold its pages.
struct FolderProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
