import Foundation

/// What a request path maps to among the served files.
enum ServedPath: Equatable {
  /// A file of the site, by its path (`docs/index.html`).
  case file(String)
  /// A folder asked for without its trailing slash: redirect there.
  case redirect(String)
  /// Nothing there.
  case notFound
  /// A path that tries to leave the folder, or cannot be decoded.
  case forbidden

  /// Resolves a request path (percent-encoded, maybe with a query) among `files`.
  ///
  /// The path is decoded first and then checked, so `%2e%2e` counts as `..`; such
  /// segments, NUL bytes and backslashes are refused.
  static func resolve(_ requestPath: String, in files: ServedFiles) -> ServedPath {
    let pathPart = requestPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard let decoded = String(pathPart).removingPercentEncoding, decoded.hasPrefix("/") else { return .forbidden }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
    if segments.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") || $0.contains("\\") }) {
      return .forbidden
    }
    let path = segments.joined(separator: "/")
    if !path.isEmpty, files.file(at: path) != nil { return .file(path) }
    guard files.isFolder(path) else { return .notFound }
    // Repeated slashes folded: `//example.com` must not become `Location: //example.com/`,
    // which a browser reads as another site.
    guard decoded.hasSuffix("/") else {
      return .redirect("/" + pathPart.split(separator: "/").joined(separator: "/") + "/")
    }
    let index = path.isEmpty ? "index.html" : path + "/index.html"
    return files.file(at: index) == nil ? .notFound : .file(index)
  }
}

/// Content types by file extension.
enum MediaTypes {
  static let byExtension: [String: String] = [
    "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
    "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
    "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2",
    "pdf": "application/pdf", "wasm": "application/wasm", "map": "application/json",
    "webmanifest": "application/manifest+json",
    "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg",
  ]

  /// The type of the file at `path`, by its extension.
  static func contentType(for path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    if name == "atom.xml" { return "application/atom+xml" }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
    return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
  }
}
