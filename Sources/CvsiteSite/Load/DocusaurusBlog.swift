import CvsiteCore
import CvsiteMarkdown
import Foundation
import Yams

/// A Docusaurus site's blog (the classic preset's `blog` settings): its posts are read
/// from their folder and published under its route, as Docusaurus publishes them. A post
/// `2024-05-01-launch.md` (or `2024-05-01-launch/index.md`) is dated by its name and
/// published at `/blog/2024/05/01/launch/`; its front matter's `slug` and `date` win. The
/// blog's page lists the posts newest first, `postsPerPage` at a time; posts stay out of
/// the navigation, and their authors come from `authors.yml`.
struct DocusaurusBlog: Sendable, Hashable {
  /// The posts' folder, from the site's root (`path`, `blog` by default).
  var folder = "blog"
  /// Where the posts are published (`routeBasePath`, `blog` by default).
  var route = "blog"
  /// The blog page's title (`blogTitle`).
  var title = "Blog"
  /// The blog page's description (`blogDescription`).
  var description: String?
  /// How many posts the blog page lists at a time (`postsPerPage`, 10); nil: all.
  var postsPerPage: Int? = 10
  /// Authors' names by key, from the authors file (`authorsMapPath`).
  var authors: [String: String] = [:]
  /// The authors file, from the site's root, when there is one.
  var authorsFile: String?

  /// The blog of a Docusaurus site whose preset settings are `settings` (the `blog`
  /// object, nil when the preset has none); nil when `blog: false` or its folder is
  /// missing.
  static func read(_ settings: ScriptLiteral?, root: URL) -> DocusaurusBlog? {
    if case .bool(false)? = settings?.kind { return nil }
    var blog = DocusaurusBlog()
    if let path = settings?["path"]?.string { blog.folder = normalized(path) }
    if let route = settings?["routeBasePath"]?.string { blog.route = normalized(route) }
    if let title = settings?["blogTitle"]?.string { blog.title = title }
    blog.description = settings?["blogDescription"]?.string
    switch settings?["postsPerPage"]?.kind {
    case .number(let count)? where count >= 1: blog.postsPerPage = Int(count)
    case .string("ALL")?: blog.postsPerPage = nil
    default: break
    }
    guard !blog.folder.isEmpty, !blog.folder.hasPrefix("../"), !blog.route.isEmpty,
      FileKind(following: root.appendingPathComponent(blog.folder).path) == .folder
    else { return nil }
    let authorsPath = blog.folder + "/" + normalized(settings?["authorsMapPath"]?.string ?? "authors.yml")
    if let text = try? String(contentsOf: root.appendingPathComponent(authorsPath), encoding: .utf8) {
      blog.authors = authorNames(inYAML: text)
      blog.authorsFile = authorsPath
    }
    return blog
  }

  /// `./blog/` as `blog`.
  static func normalized(_ path: String) -> String {
    path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }

  /// Each author's `name` by key, from an authors file.
  static func authorNames(inYAML text: String) -> [String: String] {
    // Bounded: an authors file is the project's, not ours to trust with aliases.
    guard let mapping = (try? composeBoundedYAML(text))?.mapping else { return [:] }
    var names: [String: String] = [:]
    for (key, value) in mapping {
      guard let key = key.string else { continue }
      names[key] = value.mapping?["name"]?.string ?? key
    }
    return names
  }

  /// The scanned files of the blog's folder as the tree holds them: under the route,
  /// a post's folder (`2024-05-01-launch/index.md`) read as the post it holds.
  /// The files of a post's folder go where the post is published, so that its relative
  /// links (`./diagram.png`) lead to them.
  func contentFiles(_ scanned: [ContentFile]) -> [ContentFile] {
    let postFolders = Set(
      scanned.filter { $0.kind == .sectionIndex && $0.relativePath.contains("/") }.map {
        String($0.relativePath[..<($0.relativePath.lastIndex(of: "/") ?? $0.relativePath.endIndex)])
      })
    return scanned.compactMap { file in
      // Its settings are read with the site's; partials (`_x.md`) are included, not posts.
      if file.sitePath == authorsFile { return nil }
      guard file.kind != .resource else {
        var relative = route + "/" + file.relativePath
        if let folder = postFolders.first(where: { file.relativePath.hasPrefix($0 + "/") }) {
          let post = url(ofPost: route + "/" + folder + ".md", slug: nil)
          relative = String(post.dropFirst()) + file.relativePath.dropFirst(folder.count + 1)
        }
        return ContentFile(sitePath: file.sitePath, relativePath: relative, kind: .resource, path: file.path)
      }
      var parts = file.relativePath.split(separator: "/").map(String.init)
      if parts.last?.hasPrefix("_") == true { return nil }
      if file.kind == .sectionIndex, parts.count > 1, let name = parts.popLast() {
        let folder = parts.removeLast()
        parts.append(folder + "." + (name.split(separator: ".").last.map(String.init) ?? "md"))
      }
      return ContentFile(
        sitePath: file.sitePath, relativePath: ([route] + parts).joined(separator: "/"), kind: .page, path: file.path)
    }
  }

  /// Whether the tree's file at `relativePath` is a post.
  func holdsPost(_ relativePath: String, kind: ContentFile.Kind) -> Bool {
    kind == .page && relativePath.hasPrefix(route + "/")
  }

  /// The date a post's name gives (`2024-05-01-launch.md`, `2024/05/01/launch.md`).
  func date(ofPost relativePath: String) -> String? { Self.datedPath(relativePath.dropFirst(route.count + 1))?.date }

  /// Where a post is published: `slug` under the route, else its dated path
  /// (`/blog/2024/05/01/launch/`), else its path.
  func url(ofPost relativePath: String, slug: String?) -> String {
    if let slug {
      let parts = slug.split(separator: "/").map(String.init)
      return "/" + ([route] + parts).joined(separator: "/") + "/"
    }
    let path = String(relativePath.dropFirst(route.count + 1))
    let stem = ContentFile.withoutMarkdownExtension(path)
    let dated = Self.datedPath(Substring(path))
    return "/" + route + "/" + (dated.map { $0.date.replacingOccurrences(of: "-", with: "/") + "/" + $0.rest } ?? stem)
      + "/"
  }

  /// A post's date and the rest of its name, from `2024-05-01-launch.md` or
  /// `2024/05/01/launch.md` (any folders before), without the extension.
  private static func datedPath(_ path: Substring) -> (date: String, rest: String)? {
    let stem = ContentFile.withoutMarkdownExtension(String(path))
    let pattern = #"(\d{4})[-/](\d{2})[-/](\d{2})[-/](.+)$"#
    guard let range = stem.range(of: pattern, options: .regularExpression) else { return nil }
    let found = String(stem[range])
    let date = String(found.prefix(10)).replacingOccurrences(of: "/", with: "-")
    return (date, String(found.dropFirst(11)))
  }

  /// The names of a post's authors: `authors` as keys of the authors file or as
  /// `{name: …}`, else the older `author`.
  func authorNames(_ matter: FrontMatter) -> [String] {
    func name(_ value: FrontMatterValue) -> String? {
      switch value {
      case .string(let key): return authors[key] ?? key
      case .map(let fields): return fields["name"]?.text ?? fields["key"]?.text.map { authors[$0] ?? $0 }
      default: return nil
      }
    }
    switch matter.fields["authors"] {
    case .list(let items)?: return items.compactMap(name)
    case let value?: return name(value).map { [$0] } ?? []
    case nil: return matter.fields["author"]?.text.map { [$0] } ?? []
    }
  }

  /// A post's body up to its `<!-- truncate -->`, where the blog's page cuts it (all of
  /// it without one): what its summary is made from.
  static func beforeTruncation(_ html: String) -> String {
    guard let marker = html.range(of: "<!-- truncate -->") else { return html }
    return String(html[..<marker.lowerBound])
  }

  /// The front-matter keys of a post that cvsite reads (the others a post may carry,
  /// `unlisted` or `author_title`, are warnings: they are not read).
  static let postKeys = ["authors", "author"]
}
