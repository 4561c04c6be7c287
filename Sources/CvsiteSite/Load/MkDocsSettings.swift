import CvsiteCore
import CvsiteMarkdown
import Yams

/// An MkDocs project's `mkdocs.yml` read as the site's settings: a folder that has one
/// (and no `cvsite.yml`) builds as it is, its pages in `docs_dir`.
///
/// What cvsite does with each key: `site_name`, `site_url`, `site_description`,
/// `site_author`, `docs_dir`, `repo_url` with `edit_uri` (edit links), `nav` (order,
/// titles, sections, links), `extra_css` and `extra_javascript`, `exclude_docs`,
/// `theme.language`, `plugins` (search on or off), and `markdown_extensions` (`toc`
/// permalinks; an extension whose syntax cvsite does not read is a warning). Keys MkDocs
/// knows that change nothing here are read quietly; any other key is a warning. `!ENV`
/// reads an environment variable, as MkDocs does.
enum MkDocsSettings {
  /// The names MkDocs looks for, in its order.
  static let fileNames = ["mkdocs.yml", "mkdocs.yaml"]

  /// Keys MkDocs knows whose effect cvsite has no use for, or gives by itself.
  static let quietKeys: Set<String> = [
    "copyright", "repo_name", "remote_branch", "remote_name", "strict", "dev_addr", "watch", "extra",
    "extra_templates", "not_in_nav", "validation", "google_analytics", "edit_uri_template",
  ]

  /// Every key MkDocs knows: what an unknown key is compared with for a suggestion.
  static let knownKeys: [String] =
    [
      "site_name", "site_url", "site_description", "site_author", "docs_dir", "site_dir", "repo_url", "edit_uri",
      "theme", "nav", "extra_css", "extra_javascript", "exclude_docs", "markdown_extensions", "plugins",
      "use_directory_urls", "hooks", "INHERIT", "draft_docs",
    ] + quietKeys.sorted()

  /// Python-Markdown extensions whose syntax cvsite reads (as CommonMark, GFM or its own
  /// readings of MkDocs' blocks), named without the `markdown.extensions.` prefix.
  static let readExtensions: Set<String> = [
    "admonition", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed", "tables", "toc", "attr_list",
    "fenced_code", "footnotes", "meta", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.tasklist",
    "pymdownx.magiclink", "pymdownx.betterem", "pymdownx.saneheaders", "sane_lists", "codehilite", "nl2br",
    "pymdownx.escapeall", "pymdownx.smartsymbols", "smarty", "wikilinks", "legacy_attrs", "legacy_em",
    "pymdownx.snippets", "def_list", "abbr", "md_in_html", "pymdownx.mark", "pymdownx.caret", "pymdownx.tilde",
    "pymdownx.keys",
  ]

  /// Reads `text` (the file at `path`); every problem is a located diagnostic.
  static func read(_ text: String, path: String, environment: [String: String]) -> (SiteConfig, [Diagnostic]) {
    var config = SiteConfig()
    config.settingsFile = path
    config.contentFolder = "docs"
    config.listsSections = false
    config.rawHTML = true  // Python-Markdown passes raw HTML through
    config.headingAnchors = false
    config.dialect = .mkdocs
    // MkDocs reports a broken link without failing the build.
    config.links = .warn
    let (document, syntaxErrors) = YAMLDocument.parse(text, path: path)
    guard syntaxErrors.isEmpty else { return (config, syntaxErrors) }
    guard let root = document.root, let mapping = root.mapping else {
      return (
        config, [Diagnostic(.error, "\(path) must be a mapping of settings", at: .init(path: path, line: 1, column: 1))]
      )
    }
    var reader = Reader(document: document, environment: environment)
    var sawName = false
    var plugins: [String]?
    for (keyNode, written) in mapping {
      guard let key = keyNode.string else { continue }
      guard let value = reader.resolved(written, key: key) else { continue }
      switch key {
      case "site_name":
        if let name = reader.text(value, key: key) {
          config.title = name
          sawName = true
        }
      case "site_url":
        guard let url = reader.text(value, key: key), !url.isEmpty else { break }
        if let problem = URLSafety.baseURLProblem(url) {
          reader.error("'site_url': \(problem)", at: value)
        } else {
          config.baseURL = url
        }
      case "site_description": config.description = reader.text(value, key: key) ?? config.description
      case "site_author": config.author = reader.text(value, key: key) ?? config.author
      case "docs_dir":
        guard let folder = reader.text(value, key: key) else { break }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
        if folder.hasPrefix("/") || parts.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." }) {
          reader.error("'docs_dir' must be a folder inside the project, such as docs", at: value)
        } else {
          config.contentFolder = parts.joined(separator: "/")
        }
      case "site_dir":
        if let folder = reader.text(value, key: key), folder != "site", folder != "site/" {
          reader.warning(
            "'site_dir' is not read: cvsite writes to site/ here (choose another with --output)", at: value)
        }
      case "repo_url":
        reader.repoURL = reader.text(value, key: key)
        reader.repoNode = value
      case "edit_uri":
        reader.editURI = reader.text(value, key: key) ?? ""
        reader.editNode = value
      case "theme":
        if let language = value.mapping?["language"].flatMap({ reader.resolved($0, key: "theme.language") }) {
          config.language = reader.text(language, key: "theme.language") ?? config.language
        }
        if let custom = value.mapping?["custom_dir"] {
          reader.warning(
            "'theme.custom_dir' is not read: its templates are Jinja, cvsite's themes are Mustache", at: custom)
        }
      case "extra_css", "extra_javascript":
        let links = reader.links(value, key: key)
        if key == "extra_css" { config.styles = links } else { config.scripts = links }
      case "exclude_docs":
        config.excludedPages = reader.text(value, key: key).map(ExcludedPages.init) ?? ExcludedPages("")
      case "markdown_extensions":
        config.headingAnchors = reader.extensions(value)
      case "plugins":
        plugins = reader.plugins(value)
      case "nav":
        config.writtenNavigation = reader.navigation(value)
      case "use_directory_urls":
        if value.bool == false {
          reader.warning(
            "'use_directory_urls: false' is not read: cvsite writes each page as page/index.html", at: value)
        }
      case "hooks", "INHERIT", "draft_docs":
        reader.warning("'\(key)' is not read by cvsite", at: keyNode)
      default:
        if !quietKeys.contains(key) {
          reader.warning("unknown setting '\(key)'", at: keyNode, suggestion: closest(key, knownKeys))
        }
      }
    }
    if !sawName {
      reader.diagnostics.append(
        Diagnostic(
          .warning, "\(path) has no 'site_name': the site is titled \"\(config.title)\"",
          at: .init(path: path, line: 1, column: 1)))
    }
    // Listing plugins replaces MkDocs' default list, which is search alone.
    if let plugins { config.search = plugins.contains("search") }
    if let editURL = reader.editURL(contentFolder: config.contentFolder) { config.editURL = editURL }
    config.snippetBases = reader.snippetBases.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    return (config, reader.diagnostics)
  }

  /// The reading of one file: its document, and what a key's value needs from another's.
  private struct Reader {
    let document: YAMLDocument
    let environment: [String: String]
    var diagnostics: [Diagnostic] = []
    var repoURL: String?
    var repoNode: Node?
    var editURI: String?
    var editNode: Node?
    /// pymdownx.snippets' `base_path`.
    var snippetBases: [String] = []

    init(document: YAMLDocument, environment: [String: String]) {
      self.document = document
      self.environment = environment
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
      for item in node.sequence.map(Array.init) ?? [] {
        let (nameNode, options) = item.mapping.flatMap { $0.first }.map { ($0.key, Optional($0.value)) } ?? (item, nil)
        guard var name = nameNode.string else { continue }
        if name.hasPrefix("markdown.extensions.") { name.removeFirst("markdown.extensions.".count) }
        if name == "pymdownx.snippets", let bases = options?.mapping?["base_path"] {
          snippetBases = (bases.sequence.map(Array.init) ?? [bases]).compactMap(\.string)
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

    /// The plugins' names; a warning for each but search, which cvsite has of its own.
    mutating func plugins(_ node: Node) -> [String] {
      var names: [String] = []
      for item in node.sequence.map(Array.init) ?? [] {
        let nameNode = item.mapping?.first?.key ?? item
        guard let name = nameNode.string else { continue }
        names.append(name)
        if name != "search" { warning("plugin `\(name)` is not run by cvsite", at: nameNode) }
      }
      return names
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
