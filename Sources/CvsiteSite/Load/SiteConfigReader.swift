import CvsiteCore
import Yams

/// Reads the settings of `cvsite.yml` one key at a time into a ``SiteConfig``, keeping
/// every problem as a diagnostic at the value it is about.
struct SiteConfigReader {
  let document: YAMLDocument
  var config = SiteConfig()
  var diagnostics: [Diagnostic] = []
  /// Read after every other key: they depend on `language` and `content`.
  private var languagesNode: Node?
  private var untranslatedNode: Node?
  private var versionsNode: Node?

  /// The dialects `dialect` names.
  private enum WrittenDialect: String, CaseIterable {
    case cvsite, mkdocs
  }

  init(document: YAMLDocument) {
    self.document = document
  }

  private mutating func error(_ message: String, at node: Node, suggestion: String? = nil) {
    diagnostics.append(document.diagnostic(.error, message, at: node, suggestion: suggestion))
  }

  private mutating func string(_ key: String, _ value: Node) -> String? {
    guard let scalar = value.scalar, value.tag.rawValue != Tag.Name.null.rawValue else {
      error("'\(key)' must be a text value", at: value)
      return nil
    }
    return scalar.string
  }

  private mutating func bool(_ key: String, _ value: Node) -> Bool? {
    guard let flag = value.bool else {
      error("'\(key)' must be true or false", at: value)
      return nil
    }
    return flag
  }

  /// One of a closed set of words (`navigation`, `links`, `dialect`).
  private mutating func choice<Choice: RawRepresentable & CaseIterable>(
    _ key: String, _ value: Node, as: Choice.Type
  ) -> Choice? where Choice.RawValue == String {
    guard let text = string(key, value) else { return nil }
    if let choice = Choice(rawValue: text) { return choice }
    let names = Choice.allCases.map(\.rawValue)
    let listed = names.dropLast().map { "`\($0)`" }.joined(separator: ", ") + " or `\(names.last ?? "")`"
    error("'\(key)' must be \(listed), not `\(text)`", at: value, suggestion: closest(text, names))
    return nil
  }

  /// Reads one setting; an unknown key is an error with the closest known one, or the
  /// name cvsite gives a setting another generator names `key`.
  mutating func read(_ key: String, _ value: Node, keyNode: Node) {
    switch key {
    case "title": config.title = string(key, value) ?? config.title
    case "baseURL": readBaseURL(value)
    case "theme": readTheme(value)
    case "language": config.language = string(key, value) ?? config.language
    case "languages": languagesNode = value
    case "versions": versionsNode = value
    case "untranslated": untranslatedNode = value
    case "description": config.description = string(key, value) ?? config.description
    case "author": config.author = string(key, value) ?? config.author
    case "rawHTML": readRawHTML(value)
    case "headingAnchors": config.headingAnchors = bool(key, value) ?? config.headingAnchors
    case "navigation": config.navigation = choice(key, value, as: SiteConfig.NavigationStyle.self) ?? config.navigation
    case "links": config.links = choice(key, value, as: SiteConfig.LinkPolicy.self) ?? config.links
    case "editURL": readEditURL(value)
    case "prevNext": config.prevNext = bool(key, value) ?? config.prevNext
    case "search": config.search = bool(key, value) ?? config.search
    case "taxonomies": readTaxonomies(value)
    case "lastUpdated": readLastUpdated(value)
    case "content", "symbolGraphs": readFolder(key, value)
    case "dialect":
      switch choice(key, value, as: WrittenDialect.self) {
      case .cvsite?: config.dialect = .cvsite
      case .mkdocs?: config.dialect = .mkdocs
      case nil: break
      }
    case "styles", "scripts":
      let (links, problems) = SiteConfig.links(value, key: key, in: document)
      diagnostics += problems
      if key == "styles" { config.styles = links } else { config.scripts = links }
    case "image": readImage(value)
    default: unknown(key, at: keyNode)
    }
  }

  private mutating func readBaseURL(_ value: Node) {
    guard let text = string("baseURL", value) else { return }
    if let problem = URLSafety.baseURLProblem(text) {
      error("'baseURL': \(problem)", at: value)
    } else {
      config.baseURL = text
    }
  }

  private mutating func readTheme(_ value: Node) {
    guard let name = string("theme", value) else { return }
    if name.isEmpty || name.contains("/") || name.hasPrefix(".") {
      error("theme must be a folder name under themes/", at: value)
    } else {
      config.theme = name
      config.themeSetting = document.diagnostic(.error, "", at: value)
    }
  }

  private mutating func readRawHTML(_ value: Node) {
    if value.scalar?.string == "trusted" {
      (config.rawHTML, config.trustsRawHTML) = (true, true)
    } else if let flag = value.bool {
      (config.rawHTML, config.trustsRawHTML) = (flag, false)
    } else {
      error(
        "'rawHTML' is true (sanitised), false or `trusted` (as written, script included)", at: value,
        suggestion: value.scalar.map { closest($0.string, ["true", "false", "trusted"]) } ?? nil)
    }
  }

  private mutating func readEditURL(_ value: Node) {
    guard let text = string("editURL", value) else { return }
    if let problem = SiteConfig.absoluteURLProblem(text) {
      error("'editURL': \(problem)", at: value)
    } else {
      config.editURL = text.hasSuffix("/") ? text : text + "/"
    }
  }

  private mutating func readTaxonomies(_ value: Node) {
    let items = value.sequence.map(Array.init) ?? []
    let names = items.compactMap { $0.scalar?.string }
    let valid = names.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D } }
    if value.sequence == nil || names.count != items.count || !valid || Set(names).count != names.count {
      error("'taxonomies' must be a list of distinct lowercase names, such as [tags, categories]", at: value)
    } else {
      config.taxonomies = names
    }
  }

  private mutating func readLastUpdated(_ value: Node) {
    if value.bool == false {
      config.lastUpdatedFromGit = false
    } else if value.scalar?.string == "git" {
      config.lastUpdatedFromGit = true
    } else {
      error(
        "'lastUpdated' must be `git` (each page's last commit) or false", at: value,
        suggestion: value.scalar.map { closest($0.string, ["git"]) } ?? nil)
    }
  }

  /// `content` (the pages' folder) or `symbolGraphs`: a folder inside the site.
  private mutating func readFolder(_ key: String, _ value: Node) {
    guard let folder = string(key, value) else { return }
    let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
    let escapes = folder.hasPrefix("/") || parts.isEmpty || parts.contains { $0 == ".." }
    if key == "content" {
      if escapes || parts.contains(where: { $0 == "." }) || ["static", "themes", "layouts"].contains(String(parts[0])) {
        error("'content' must be a folder inside the site for its pages, such as docs", at: value)
      } else {
        config.contentFolder = parts.joined(separator: "/")
      }
    } else if escapes {
      error("'symbolGraphs' must be a folder inside the site, such as .build/symbol-graphs", at: value)
    } else {
      config.symbolGraphs = parts.joined(separator: "/")
      config.symbolGraphsLocation = document.location(of: value)
    }
  }

  private mutating func readImage(_ value: Node) {
    guard let text = string("image", value) else { return }
    if text.contains(where: \.isWhitespace) || !URLSafety.isSafe(text) {
      error("'image' must be a URL or a site path without spaces or script schemes", at: value)
    } else {
      config.image = text
    }
  }

  private mutating func unknown(_ key: String, at keyNode: Node) {
    if let known = SiteConfig.otherGeneratorsKeys[key] {
      error(
        "unknown setting '\(key)' (\(known.generator)'s name): cvsite's is '\(known.setting)'", at: keyNode,
        suggestion: known.setting)
    } else {
      error("unknown setting '\(key)'", at: keyNode, suggestion: closest(key, SiteConfig.keys))
    }
  }

  /// `versions`, then `languages` with `untranslated`, once every other key is read.
  mutating func readLanguagesAndVersions() {
    if let versionsNode {
      let (versions, problems) = SiteVersions.parse(versionsNode, contentFolder: config.contentFolder, in: document)
      diagnostics += problems
      config.versions = versions
    }
    guard let languagesNode else {
      config.direction = SiteLanguage.isRightToLeft(config.language) ? "rtl" : "ltr"
      if let untranslatedNode { error("'untranslated' needs the site's `languages`", at: untranslatedNode) }
      return
    }
    let (read, problems) = SiteLanguages.parse(languagesNode, defaultCode: config.language, in: document)
    diagnostics += problems
    guard var languages = read else { return }
    if let value = untranslatedNode {
      switch value.scalar?.string {
      case "show": languages.showsUntranslated = true
      case "omit": languages.showsUntranslated = false
      default:
        error(
          "'untranslated' is `show` (the default language's page, with a notice) or `omit` (no page)", at: value,
          suggestion: value.scalar.map { closest($0.string, ["show", "omit"]) } ?? nil)
      }
    }
    config.languages = languages
    config.language = languages.defaultLanguage.code
    config.direction = languages.defaultLanguage.direction
  }
}
