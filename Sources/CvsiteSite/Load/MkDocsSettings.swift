import CvsiteCore
import CvsiteMarkdown
import Yams

/// An MkDocs project's `mkdocs.yml` read as the site's settings: a folder that has one
/// (and no `cvsite.yml`) builds as it is, its pages in `docs_dir`.
///
/// What cvsite does with each key: `site_name`, `site_url`, `site_description`,
/// `site_author`, `docs_dir`, `repo_url` with `edit_uri` (edit links), `nav` (order,
/// titles, sections, links), `extra_css` and `extra_javascript`, `exclude_docs`,
/// `not_in_nav` (left out of the navigation made from the folders), `draft_docs` (drafts:
/// built with `--drafts` and by `serve`), `INHERIT` (a parent file whose keys the file's
/// own replace), `theme.language`, `plugins` (search on or off), and
/// `markdown_extensions` (`toc` permalinks; an extension whose syntax cvsite does not
/// read is a warning). Keys MkDocs knows that change nothing here are read quietly; any
/// other key is a warning. `!ENV` reads an environment variable, as MkDocs does.
enum MkDocsSettings {
  /// The names MkDocs looks for, in its order.
  static let fileNames = ["mkdocs.yml", "mkdocs.yaml"]

  /// Keys MkDocs knows whose effect cvsite has no use for, or gives by itself.
  static let quietKeys: Set<String> = [
    "copyright", "repo_name", "remote_branch", "remote_name", "strict", "dev_addr", "watch", "extra",
    "extra_templates", "validation", "google_analytics", "edit_uri_template",
  ]

  /// Every key MkDocs knows: what an unknown key is compared with for a suggestion.
  static let knownKeys: [String] =
    [
      "site_name", "site_url", "site_description", "site_author", "docs_dir", "site_dir", "repo_url", "edit_uri",
      "theme", "nav", "extra_css", "extra_javascript", "exclude_docs", "markdown_extensions", "plugins",
      "use_directory_urls", "hooks", "INHERIT", "draft_docs", "not_in_nav",
    ] + quietKeys.sorted()

  /// How deep `INHERIT` may chain files.
  static let maxInheritance = 8

  /// Python-Markdown extensions whose syntax cvsite reads (as CommonMark, GFM or its own
  /// readings of MkDocs' blocks), named without the `markdown.extensions.` prefix.
  static let readExtensions: Set<String> = [
    "admonition", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed", "tables", "toc", "attr_list",
    "fenced_code", "footnotes", "meta", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.tasklist",
    "pymdownx.magiclink", "pymdownx.betterem", "pymdownx.saneheaders", "sane_lists", "codehilite", "nl2br",
    "pymdownx.escapeall", "pymdownx.smartsymbols", "smarty", "wikilinks", "legacy_attrs", "legacy_em",
    "pymdownx.snippets", "def_list", "abbr", "md_in_html", "pymdownx.mark", "pymdownx.caret", "pymdownx.tilde",
    "pymdownx.keys", "pymdownx.emoji", "pymdownx.blocks.admonition", "pymdownx.blocks.details", "pymdownx.blocks.tab",
    "mdx_include",
    "markdown_include_variants",
  ]

  /// The scalar values of `extra:` by dotted name (`version`, `links.chat`): what a
  /// macros plugin's `{{ name }}` stands for. Lists and text over several lines are left
  /// out, as they are no one-line value.
  static func templateValues(_ extra: Node) -> [String: String] {
    var values: [String: String] = [:]
    func add(_ node: Node, _ name: String, depth: Int) {
      guard depth < 8 else { return }
      if let mapping = node.mapping {
        for (key, value) in mapping {
          guard let key = key.string else { continue }
          add(value, name.isEmpty ? key : name + "." + key, depth: depth + 1)
        }
      } else if let scalar = node.scalar, !name.isEmpty, !scalar.string.contains("\n") {
        values[name] = scalar.string
      }
    }
    add(extra, "", depth: 0)
    return values
  }

  /// Reads `text` (the file at `path`); every problem is a located diagnostic. `files`
  /// gives the text of another file named by its path relative to the project (the
  /// parent of `INHERIT`), nil when it cannot be read.
  static func read(
    _ text: String, path: String, environment: [String: String], files: @escaping (String) -> String? = { _ in nil }
  ) -> (SiteConfig, [Diagnostic]) {
    read(YAMLDocument.parse(text, path: path), environment: environment, files: files)
  }

  /// Reads the settings of `parsed`, a document of `mkdocs.yml`'s keys (from YAML, or
  /// from another format made into YAML's nodes), with the problems met making it.
  static func read(
    _ parsed: (YAMLDocument, [Diagnostic]), environment: [String: String], files: @escaping (String) -> String?
  ) -> (SiteConfig, [Diagnostic]) {
    let path = parsed.0.path
    var config = SiteConfig()
    config.settingsFile = path
    config.contentFolder = "docs"
    config.listsSections = false
    // Python-Markdown publishes raw HTML as written: so does a project read from it.
    (config.rawHTML, config.trustsRawHTML) = (true, true)
    config.headingAnchors = false
    config.dialect = .mkdocs
    // MkDocs reports a broken link without failing the build.
    config.links = .warn
    config.tolerant = true
    var reader = Reader(environment: environment, files: files)
    guard reader.apply(parsed, to: &config, chain: []) else { return (config, reader.diagnostics) }
    if !reader.sawName {
      reader.diagnostics.append(
        Diagnostic(
          .warning, "\(path) has no 'site_name': the site is titled \"\(config.title)\"",
          at: .init(path: path, line: 1, column: 1)))
    }
    // Listing plugins replaces MkDocs' default list, which is search alone.
    if let plugins = reader.pluginNames { config.search = plugins.contains("search") }
    if let languages = reader.languages {
      config.languages = languages
      config.language = languages.defaultLanguage.code
      config.direction = languages.defaultLanguage.direction
    }
    if let editURL = reader.editURL(contentFolder: config.contentFolder) { config.editURL = editURL }
    config.snippetBases = reader.snippetBases.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    // A macros plugin puts the values of `extra:` in place of `{{ name }}`.
    if reader.runsMacros || reader.pluginNames?.contains("macros") == true {
      config.templateValues = reader.extra.map(MkDocsSettings.templateValues) ?? [:]
    }
    if reader.readsShortcodes {
      // Material adds the theme folder's `.icons` to the extension's own.
      config.shortcodeFolders = (reader.customDir.map { [$0 + "/.icons"] } ?? []) + reader.customIcons
    }
    return (config, reader.diagnostics)
  }

  /// The reading of one file: its document, and what a key's value needs from another's.
  private struct Reader {
    /// The file being read: its parent's while `INHERIT` is read.
    var document = YAMLDocument(path: "", source: SourceText(path: "", bytes: []), root: nil)
    let environment: [String: String]
    let files: (String) -> String?
    var diagnostics: [Diagnostic] = []
    var sawName = false
    var pluginNames: [String]?
    /// The languages the `i18n` plugin (mkdocs-static-i18n) names.
    var languages: SiteLanguages?
    var repoURL: String?
    var repoNode: Node?
    var editURI: String?
    var editNode: Node?
    /// pymdownx.snippets' `base_path`.
    var snippetBases: [String] = []
    /// Whether pymdownx.emoji is on, and its `options.custom_icons` folders.
    var readsShortcodes = false
    var customIcons: [String] = []
    /// `theme.custom_dir`.
    var customDir: String?
    /// `extra:`, and whether a macros extension (Zensical's) is on.
    var extra: Node?
    var runsMacros = false

    init(environment: [String: String], files: @escaping (String) -> String?) {
      self.environment = environment
      self.files = files
    }

    /// Reads the file of `document` into `config`, its `INHERIT` parent first
    /// (`chain`: the files that inherit from it); false when it is no mapping.
    mutating func apply(
      _ document: (YAMLDocument, [Diagnostic]), to config: inout SiteConfig, chain: [String]
    ) -> Bool {
      let (parsed, syntaxErrors) = document
      let path = parsed.path
      diagnostics += syntaxErrors
      guard syntaxErrors.isEmpty else { return false }
      guard let root = parsed.root, let mapping = root.mapping else {
        diagnostics.append(
          Diagnostic(.error, "\(path) must be a mapping of settings", at: .init(path: path, line: 1, column: 1)))
        return false
      }
      let child = self.document
      self.document = parsed
      defer { self.document = child }
      if let parent = mapping["INHERIT"] { inherit(parent, from: path, into: &config, chain: chain + [path]) }
      for (keyNode, written) in mapping {
        guard let key = keyNode.string, key != "INHERIT" else { continue }
        guard let value = resolved(written, key: key) else { continue }
        read(key, keyNode: keyNode, value: value, into: &config)
      }
      return true
    }

    /// Reads the parent file `node` names (relative to the file `path`), as MkDocs does
    /// before the file's own keys.
    mutating func inherit(_ node: Node, from path: String, into config: inout SiteConfig, chain: [String]) {
      guard let written = text(node, key: "INHERIT") else { return }
      let folder = path.split(separator: "/").dropLast().map(String.init)
      var parts: [String] = []
      for part in (written.hasPrefix("/") ? [] : folder) + written.split(separator: "/").map(String.init) {
        if part == "." || part.isEmpty { continue }
        if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
      }
      let parent = parts.joined(separator: "/")
      if chain.contains(parent) {
        error(
          "'INHERIT': \(parent) inherits from this file again (\((chain + [parent]).joined(separator: " → ")))",
          at: node)
        return
      }
      guard chain.count <= MkDocsSettings.maxInheritance else {
        error("'INHERIT': more than \(MkDocsSettings.maxInheritance) files inherit in a chain", at: node)
        return
      }
      guard !written.hasPrefix("/"), let text = files(parent) else {
        guard !written.hasPrefix("/"), !parent.hasPrefix("../") else {
          error(
            "'INHERIT': cannot read \(written) (a path relative to \(path), inside the project or its repository)",
            at: node)
          return
        }
        // A parent a script writes before `mkdocs build` (Ruff's `mkdocs.generated.yml`)
        // is not there in the project: the site is built from this file's settings.
        warning(
          "'INHERIT': cannot read \(written) (a path relative to \(path), inside the project or its repository): "
            + "the site is built without its settings; if a script writes it, run the script first",
          at: node)
        return
      }
      config.settingsInputs.append(parent)
      // A parent that is no mapping was said; its child is read all the same.
      _ = apply(YAMLDocument.parse(text, path: parent), to: &config, chain: chain)
    }

    /// Reads one key of the file into `config`.
    mutating func read(_ key: String, keyNode: Node, value: Node, into config: inout SiteConfig) {
      switch key {
      case "site_name":
        if let name = text(value, key: key) {
          config.title = name
          sawName = true
        }
      case "site_url":
        guard let url = text(value, key: key), !url.isEmpty else { break }
        if let problem = URLSafety.baseURLProblem(url) {
          error("'site_url': \(problem)", at: value)
        } else {
          config.baseURL = url
        }
      case "site_description": config.description = text(value, key: key) ?? config.description
      case "site_author": config.author = text(value, key: key) ?? config.author
      case "docs_dir":
        guard let folder = text(value, key: key) else { break }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
        if folder.hasPrefix("/") || parts.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." }) {
          error("'docs_dir' must be a folder inside the project, such as docs", at: value)
        } else {
          config.contentFolder = parts.joined(separator: "/")
        }
      case "site_dir":
        if let folder = text(value, key: key), folder != "site", folder != "site/" {
          warning("'site_dir' is not read: cvsite writes to site/ here (choose another with --output)", at: value)
        }
      case "repo_url":
        repoURL = text(value, key: key)
        repoNode = value
      case "edit_uri":
        editURI = text(value, key: key) ?? ""
        editNode = value
      case "theme":
        if let language = value.mapping?["language"].flatMap({ resolved($0, key: "theme.language") }) {
          config.language = text(language, key: "theme.language") ?? config.language
        }
        if let custom = value.mapping?["custom_dir"] {
          customDir = custom.string
          warning("'theme.custom_dir' is not read: its templates are Jinja, cvsite's themes are Mustache", at: custom)
        }
      case "extra_css", "extra_javascript":
        let links = self.links(value, key: key)
        if key == "extra_css" { config.styles = links } else { config.scripts = links }
      case "exclude_docs", "not_in_nav", "draft_docs":
        let patterns = text(value, key: key).map(ExcludedPages.init) ?? ExcludedPages("")
        switch key {
        case "exclude_docs": config.excludedPages = patterns
        case "not_in_nav": config.pagesOutOfNavigation = patterns
        default: config.draftPages = patterns
        }
      case "markdown_extensions":
        config.headingAnchors = extensions(value)
      case "plugins":
        pluginNames = plugins(value)
      case "nav":
        config.writtenNavigation = navigation(value)
      case "use_directory_urls":
        if value.bool == false {
          warning("'use_directory_urls: false' is not read: cvsite writes each page as page/index.html", at: value)
        }
      case "hooks":
        warning("'\(key)' is not read by cvsite", at: keyNode)
      case "extra":
        extra = value
      default:
        if !MkDocsSettings.quietKeys.contains(key) {
          warning("unknown setting '\(key)'", at: keyNode, suggestion: closest(key, MkDocsSettings.knownKeys))
        }
      }
    }

    mutating func error(_ message: String, at node: Node, suggestion: String? = nil) {
      diagnostics.append(document.diagnostic(.error, message, at: node, suggestion: suggestion))
    }

    mutating func warning(_ message: String, at node: Node, suggestion: String? = nil) {
      diagnostics.append(document.diagnostic(.warning, message, at: node, suggestion: suggestion))
    }

    /// The value with `!ENV` read (`!ENV NAME`, or `!ENV [NAME, OTHER, default]`: the
    /// first variable set, else the last item); nil when it has no value. Another local
    /// tag is an error: cvsite cannot tell what it means.
    mutating func resolved(_ node: Node, key: String) -> Node? {
      let tag = node.tag.rawValue
      guard tag.hasPrefix("!"), !tag.hasPrefix("tag:yaml.org,2002:") else { return node }
      guard tag == "!ENV" else {
        error("'\(key)': the YAML tag \(tag) is not read by cvsite", at: node)
        return nil
      }
      if let name = node.scalar?.string {
        return environment[name].map { Node.scalar(.init($0)) }
      }
      if let items = node.sequence.map(Array.init), let last = items.last {
        for item in items.dropLast() {
          if let name = item.scalar?.string, let value = environment[name] { return Node.scalar(.init(value)) }
        }
        return last
      }
      error("'\(key)': !ENV takes a variable's name or a list of names and a default", at: node)
      return nil
    }

    mutating func text(_ node: Node, key: String) -> String? {
      guard let scalar = node.scalar, node.tag.rawValue != Tag.Name.null.rawValue else {
        if node.tag.rawValue == Tag.Name.null.rawValue { return nil }
        error("'\(key)' must be a text value", at: node)
        return nil
      }
      return scalar.string
    }

    /// `extra_css` and `extra_javascript`: paths in `docs_dir` or URLs; MkDocs 1.5's
    /// `{path: …, type: module}` entries too.
    mutating func links(_ node: Node, key: String) -> [String] {
      guard let items = node.sequence else {
        error("'\(key)' must be a list of paths or URLs", at: node)
        return []
      }
      var plain: [Node] = []
      for item in items {
        if let path = item.mapping?["path"] { plain.append(path) } else { plain.append(item) }
      }
      let (links, problems) = SiteConfig.links(Node.sequence(.init(plain)), key: key, in: document)
      diagnostics += problems
      return links
    }

    /// The extensions: a warning for each whose syntax cvsite does not read; whether
    /// `toc` asks for permalinks after headings.
    mutating func extensions(_ node: Node) -> Bool {
      var permalinks = false
      // A list of names and one-key mappings, or one mapping of names to options.
      let entries: [(Node, Node?)] =
        node.mapping.map { $0.map { ($0.key, Optional($0.value)) } }
        ?? (node.sequence.map(Array.init) ?? []).map { item in
          item.mapping.flatMap { $0.first }.map { ($0.key, Optional($0.value)) } ?? (item, nil)
        }
      for (nameNode, options) in entries {
        guard var name = nameNode.string else { continue }
        if name == "zensical.extensions.macros" || name == "mkdocs_macros" {
          runsMacros = true
          continue
        }
        if name.hasPrefix("markdown.extensions.") { name.removeFirst("markdown.extensions.".count) }
        if name == "pymdownx.snippets", let bases = options?.mapping?["base_path"] {
          snippetBases = (bases.sequence.map(Array.init) ?? [bases]).compactMap(\.string)
        }
        if name == "pymdownx.emoji" {
          readsShortcodes = true
          let folders = options?.mapping?["options"]?.mapping?["custom_icons"]?.sequence.map(Array.init) ?? []
          customIcons = folders.compactMap(\.string)
        }
        if name == "toc", let permalink = options?.mapping?["permalink"] {
          permalinks = permalink.bool ?? (permalink.string.map { !$0.isEmpty } ?? false)
        }
        if !MkDocsSettings.readExtensions.contains(name) {
          warning("markdown extension `\(name)` is not read by cvsite: its syntax stays as written", at: nameNode)
        }
      }
      return permalinks
    }

    /// The plugins' names; a warning for each but search, which cvsite has of its own, and
    /// macros, whose values of `extra:` it puts in place.
    mutating func plugins(_ node: Node) -> [String] {
      var names: [String] = []
      for item in node.sequence.map(Array.init) ?? [] {
        let nameNode = item.mapping?.first?.key ?? item
        guard let name = nameNode.string else { continue }
        names.append(name)
        if name == "i18n", let settings = item.mapping?.first?.value {
          languages = i18nLanguages(settings)
          continue
        }
        // mkdocs-macros' `{{ name }}` of `extra:` is read; what else it runs, each page says.
        if name != "search", name != "macros" { warning("plugin `\(name)` is not run by cvsite", at: nameNode) }
      }
      return names
    }

    /// mkdocs-static-i18n's settings as the site's languages: `languages` (each `locale`,
    /// `name`, `default`, `build`), and `fallback_to_default` (the default language's page
    /// where a translation is missing; true unless it says otherwise). Its two layouts,
    /// `docs_structure: suffix` and `folder`, are both what cvsite reads.
    mutating func i18nLanguages(_ settings: Node) -> SiteLanguages? {
      var all: [SiteLanguage] = []
      var defaultIndex = 0
      for item in settings.mapping?["languages"]?.sequence.map(Array.init) ?? [] {
        guard let locale = item.mapping?["locale"]?.string, SiteLanguage.isLanguageTag(locale) else {
          error("an i18n language needs a `locale` such as en or pt-BR", at: item)
          continue
        }
        if item.mapping?["build"]?.bool == false { continue }
        if item.mapping?["default"]?.bool == true { defaultIndex = all.count }
        let name = item.mapping?["name"]?.string
        all.append(
          SiteLanguage(
            code: locale,
            name: name ?? SiteLanguage.name(of: locale), isRightToLeft: SiteLanguage.isRightToLeft(locale),
            folder: locale + "/"))
      }
      guard !all.isEmpty else { return nil }
      var original = all.remove(at: defaultIndex)
      original.folder = ""
      var languages = SiteLanguages(all: [original] + all)
      languages.showsUntranslated = settings.mapping?["fallback_to_default"]?.bool ?? true
      return languages
    }

    /// The edit link prefix: `repo_url` and `edit_uri` (by default, for GitHub and
    /// GitLab, the default branch's `docs_dir`), or an `edit_uri` that is a whole URL.
    mutating func editURL(contentFolder: String) -> String? {
      var uri = editURI
      if uri == nil, let repoURL {
        let lowered = repoURL.lowercased()
        if lowered.contains("github.com") { uri = "edit/master/\(contentFolder)/" }
        if lowered.contains("gitlab.com") { uri = "-/edit/master/\(contentFolder)/" }
      }
      guard let uri, !uri.isEmpty else { return nil }
      var url = uri
      if URLSafety.scheme(of: uri) == nil {
        guard let repoURL else { return nil }
        url = (repoURL.hasSuffix("/") ? repoURL : repoURL + "/") + (uri.hasPrefix("/") ? String(uri.dropFirst()) : uri)
      }
      if let problem = SiteConfig.absoluteURLProblem(url), let node = editNode ?? repoNode {
        error("'edit_uri': the edit link \(url) \(problem)", at: node)
        return nil
      }
      return url.hasSuffix("/") ? url : url + "/"
    }

    /// `nav`: its entries as a ``WrittenNavigation``.
    mutating func navigation(_ node: Node) -> WrittenNavigation {
      var builder = WrittenNavigation.Builder(document: document)
      builder.read(node)
      diagnostics += builder.diagnostics
      return builder.navigation
    }
  }
}
