import CvsiteCore
import CvsiteMarkdown
import Foundation

/// A file found under `content/` or `static/`.
struct ContentFile: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// A Markdown page.
    case page
    /// A section's own page: `_index.md`, or `index.md` and `README.md` as other
    /// generators and code hosts name a folder's page.
    case sectionIndex
    /// Any other file: copied next to the page output as is.
    case resource

    /// The names a folder's own page may have, before their extension.
    static let sectionIndexNames: Set<String> = ["_index", "index", "README"]

    /// What the Markdown file named `name` (no folder) is under `content/`.
    static func ofMarkdownFile(named name: String) -> Kind {
      sectionIndexNames.contains(String(name.dropLast(markdownExtensionLength(name) ?? 0))) ? .sectionIndex : .page
    }
  }

  /// The extensions of Markdown files, as editors and code hosts know them (in any case),
  /// and MDX (`.mdx`), read as Markdown with its components.
  static let markdownExtensions: Set<String> = [
    "md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdx", "tutorial",
  ]

  /// The length of `name`'s Markdown extension, its dot included (`3` for `a.md`), or nil
  /// when it has none: such a file is a page under `content/`.
  static func markdownExtensionLength(_ name: String) -> Int? { markdownExtensionLength(name[...]) }

  /// ``markdownExtensionLength(_:)-(String)`` of a part of a string.
  static func markdownExtensionLength(_ name: Substring) -> Int? {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let suffix = name.utf8[name.utf8.index(after: dot)...]
    guard suffix.count <= 8, suffix.allSatisfy({ $0 < 0x80 }) else { return nil }
    let lowered = String(decoding: suffix.map { $0 | 0x20 }, as: UTF8.self)
    guard name.utf8.distance(from: name.utf8.startIndex, to: dot) > 0, markdownExtensions.contains(lowered) else {
      return nil
    }
    return suffix.count + 1
  }

  /// Whether `name` is a section page's name with a language's suffix (`_index.es.md`).
  static func isSectionIndexInALanguage(_ name: String) -> Bool {
    let stem = withoutMarkdownExtension(name)
    guard let dot = stem.lastIndex(of: ".") else { return false }
    return Kind.sectionIndexNames.contains(String(stem[..<dot]))
      && LanguageTrees.looksLikeLanguage(String(stem[stem.index(after: dot)...]))
  }

  /// `name` without its Markdown extension (unchanged without one).
  static func withoutMarkdownExtension(_ name: String) -> String {
    String(name.dropLast(markdownExtensionLength(name) ?? 0))
  }

  /// Path relative to the site root: `content/docs/install.md`.
  let sitePath: String
  /// Path relative to the scanned folder: `docs/install.md`.
  let relativePath: String
  let kind: Kind
  /// Where the file is on disk.
  let path: String

  init(sitePath: String, relativePath: String, kind: Kind, path: String) {
    self.sitePath = sitePath
    self.relativePath = relativePath
    self.kind = kind
    self.path = path
  }

  init(sitePath: String, relativePath: String, kind: Kind, url: URL) {
    self.init(sitePath: sitePath, relativePath: relativePath, kind: kind, path: url.path)
  }

  var url: URL { URL(fileURLWithPath: path) }
}

/// Walks a folder of the site; hidden files and folders are skipped, and links that
/// lead outside the site are refused.
///
/// Plain `readdir`: its entries say whether they are folders, files or links, so a file
/// costs no `lstat` and no `URL`. The scan runs on one thread before any page can be
/// parsed; on 10,000 pages those two were most of its time.
enum ContentScanner {
  /// How deep folders may nest under a scanned folder.
  static let maximumDepth = 32

  /// The files under `folderName`; with `holdsPages`, its Markdown files are pages.
  static func scan(_ folderName: String, in siteRoot: URL, holdsPages: Bool) -> ([ContentFile], [Diagnostic]) {
    let folder = siteRoot.appendingPathComponent(folderName).path
    let sitePath = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
    guard FileKind(following: folder) == .folder else { return ([], []) }
    let folderResolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    // Nothing is read outside the site, or, when a git repository holds it, outside the
    // repository: pages kept beside the site (Docusaurus' `path: '../docs'`), and what a
    // link leads to (VitePress' own `public/logo.svg -> ../../art/logo.svg`), as pages
    // may include the repository's files.
    let boundary = SiteIncludedFiles.boundary(ofSite: URL(fileURLWithPath: sitePath)).path
    var walk = ContentWalk(
      folderName: folderName, resolvedFolder: folderResolved, holdsPages: holdsPages, boundary: boundary,
      outside: boundary == sitePath ? "the site" : "the site's repository")
    walk.walk(folder, "", folderResolved, FileIdentity(path: folderResolved).map { [$0] } ?? [])
    return (walk.files, walk.diagnostics + LookalikeNames.problems(walk.files.map(\.sitePath)))
  }

  /// `files` with each `README.md` of a folder that also has an `index.md` (or
  /// `_index.md`) made a page of its own (`/guide/readme/`): the index is the folder's
  /// page, as VitePress and MkDocs take it, and the two do not collide. For projects of
  /// those generators; in cvsite's own, the two are an error naming both.
  static func readmesBesideAnIndex(_ files: [ContentFile]) -> [ContentFile] {
    func folder(_ file: ContentFile) -> Substring {
      file.relativePath.lastIndex(of: "/").map { file.relativePath[..<$0] } ?? ""
    }
    func isReadme(_ file: ContentFile) -> Bool {
      ContentFile.withoutMarkdownExtension(String(file.relativePath.split(separator: "/").last ?? "")) == "README"
    }
    let indexed = Set(files.filter { $0.kind == .sectionIndex && !isReadme($0) }.map(folder))
    guard !indexed.isEmpty else { return files }
    return files.map { file in
      guard file.kind == .sectionIndex, isReadme(file), indexed.contains(folder(file)) else { return file }
      return ContentFile(sitePath: file.sitePath, relativePath: file.relativePath, kind: .page, path: file.path)
    }
  }

  /// One entry of a folder: its name (invalid UTF-8 shown as U+FFFD), its kind when the
  /// listing gives it (`nil`: ask `lstat`), and whether the name was valid UTF-8.
  typealias Entry = (name: String, kind: FileKind?, isUTF8: Bool)

  /// The visible entries of a folder, sorted by name; or why the folder cannot be read.
  static func entries(of directory: String) -> Result<[Entry], FolderError> {
    guard let handle = opendir(directory) else { return .failure(FolderError(code: errno)) }
    defer { closedir(handle) }
    var entries: [Entry] = []
    while let entry = readdir(handle) {
      let (name, isUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, Bool) in
        let bytes = raw.prefix { $0 != 0 }
        let valid = bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
        return (String(decoding: bytes, as: UTF8.self), valid)
      }
      guard !name.hasPrefix(".") else { continue }
      let kind: FileKind?
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): kind = .folder
      case Int32(DT_REG): kind = .file
      case Int32(DT_LNK): kind = .link
      default: kind = nil
      }
      entries.append((name, kind, isUTF8))
    }
    return .success(entries.sorted { $0.name < $1.name })
  }

  /// Why a folder could not be listed, as the system says it.
  struct FolderError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
  }
}

/// A file's device and inode: the same for every path that leads to it.
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  /// The identity of what `path` leads to (links followed); `nil` when it does not exist.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// What an `lstat` says a path is; `nil` when it does not exist.
enum FileKind: Equatable {
  case file, folder, link
  /// A FIFO, a socket or a device: reading one may block for ever, so it is never read.
  case other(String)

  init?(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(mode: info.st_mode)
  }

  /// What `path` is once its links are followed (`stat`).
  init?(following path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(mode: info.st_mode)
  }

  private init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFDIR: self = .folder
    case S_IFLNK: self = .link
    case S_IFREG: self = .file
    case S_IFIFO: self = .other("a FIFO")
    case S_IFSOCK: self = .other("a socket")
    case S_IFCHR, S_IFBLK: self = .other("a device")
    default: self = .other("not a regular file")
    }
  }

}

/// Site paths of pages: pretty URLs (`/docs/install/`), percent-encoded where a file
/// name holds what a URL path cannot (`/what%3F/` for `what?.md`, `/a%20b/` for `a b.md`).
enum PageURL {
  /// The URL of a content file: its folders, then its slug (or file name without its
  /// Markdown extension), encoded (``encoded(_:)``).
  ///
  /// `strippingNumberPrefixes` (Docusaurus): `01-intro.md` in `2-guide/` is `/guide/intro/`.
  static func url(
    for relativePath: String, kind: ContentFile.Kind, slug: String?, strippingNumberPrefixes: Bool = false
  ) -> String {
    // `slug: /guide/setup`: a path from the site's root, as Docusaurus writes one.
    if kind == .page, let slug, slug.hasPrefix("/") {
      let parts = slug.splitOmittingEmpty(atByte: UInt8(ascii: "/"))
      return parts.isEmpty ? "/" : encoded("/" + parts.joined(separator: "/") + "/")
    }
    var parts = relativePath.splitOmittingEmpty(atByte: UInt8(ascii: "/")).map(String.init)
    let file = parts.removeLast()
    var name = kind == .page && slug == nil ? [ContentFile.withoutMarkdownExtension(file)] : []
    if strippingNumberPrefixes {
      parts = parts.map(DocusaurusSidebars.withoutNumberPrefix)
      name = name.map(DocusaurusSidebars.withoutNumberPrefix)
    }
    parts += name
    // A relative slug is from the page's folder: `api/client`, or `..` for the folder's
    // parent (never above the site's root), as Docusaurus reads one.
    if kind == .page, let slug {
      for segment in slug.splitOmittingEmpty(atByte: UInt8(ascii: "/")) {
        if segment == ".." {
          if !parts.isEmpty { parts.removeLast() }
        } else {
          parts.append(String(segment))
        }
      }
    }
    return parts.isEmpty ? "/" : encoded("/" + parts.joined(separator: "/") + "/")
  }

  /// Whether a URL path cannot hold `byte` as it is: controls, space, `"`, `#`, `%`,
  /// `<`, `>`, `?`, `\`, `^`, `` ` ``, `{`, `|`, `}` and DEL.
  private static func needsEncoding(_ byte: UInt8) -> Bool {
    switch byte {
    case 0...0x20, 0x7F, 0x22, 0x23, 0x25, 0x3C, 0x3E, 0x3F, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: return true
    default: return false
    }
  }

  /// `path` with each byte ``needsEncoding(_:)`` names percent-encoded. Letters of other
  /// scripts stay as they are: browsers show them, and send them as UTF-8.
  static func encoded(_ path: String) -> String {
    guard path.utf8.contains(where: needsEncoding) else { return path }
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count + 8)
    for byte in path.utf8 {
      if needsEncoding(byte) {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A path as an author wrote it (`/a%20b/`, `/a b/`, `/caf%C3%A9/`) in the form site
  /// paths take: percent-decoded where that gives text, then ``encoded(_:)``.
  static func canonical(_ written: String) -> String {
    encoded(decoded(written))
  }

  /// `path` with its percent-escapes decoded, when they decode to UTF-8 text; as it is
  /// otherwise.
  static func decoded(_ path: String) -> String {
    guard path.utf8.contains(UInt8(ascii: "%")) else { return path }
    return path.removingPercentEncoding ?? path
  }

  /// Whether a slug stays where it is put: a path from the site's root (`/guide/setup`),
  /// or one or more segments from the page's folder (`setup`, `api/client`, `../intro`,
  /// as Docusaurus reads a slug that does not start with `/`; `..` never leads above the
  /// site's root).
  static func isValidSlug(_ slug: String) -> Bool {
    if slug.hasPrefix("/") {
      return slug.split(separator: "/").allSatisfy { isValidSegment(String($0)) }
    }
    let segments = slug.split(separator: "/")
    return !segments.isEmpty && segments.allSatisfy { $0 == ".." || isValidSegment(String($0)) }
  }

  /// Whether `segment` is one path segment that stays where it is put, and that a file
  /// system can name (at most ``maximumSegmentBytes`` bytes).
  static func isValidSegment(_ segment: String) -> Bool {
    !segment.isEmpty && segment != "." && segment != ".." && !segment.contains("/") && !segment.contains("\\")
      && segment.utf8.count <= maximumSegmentBytes
      && !segment.unicodeScalars.contains { $0.value < 0x20 || $0 == "?" || $0 == "#" || $0 == "%" }
  }

  /// The longest name of a file or folder the output may have, in bytes: what Linux's
  /// file systems (and most others) allow.
  static let maximumSegmentBytes = 255

  /// The folder a `path:` setting names (`/es/` → `es/`, `/` → `""`): the root or one
  /// segment a slug could be; nil for anything else.
  static func folder(ofPath path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count <= 1, parts.allSatisfy({ isValidSegment(String($0)) && !$0.contains(" ") }) else { return nil }
    return parts.first.map { $0 + "/" } ?? ""
  }

  /// Whether an alias is a site path that stays inside the output.
  static func isValidAlias(_ alias: String) -> Bool {
    alias.hasPrefix("/")
      && !alias.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.utf8.count > maximumSegmentBytes }
      && !alias.unicodeScalars.contains { $0.value < 0x20 || $0 == "?" || $0 == "#" || $0 == "\\" }
  }

  /// The output file of a site path: `/docs/install/` → `docs/install/index.html`,
  /// `/what%3F/` → `what?/index.html` (the file a server finds at that URL).
  static func outputPath(for url: String) -> String {
    let trimmed = decoded(url).splitOmittingEmpty(atByte: UInt8(ascii: "/")).joined(separator: "/")
    return trimmed.isEmpty ? "index.html" : trimmed + "/index.html"
  }
}
