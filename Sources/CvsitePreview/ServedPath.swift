import Foundation

/// What a request path maps to inside the served folder.
enum ServedPath: Equatable {
  /// A file inside the folder.
  case file(URL)
  /// A folder asked for without its trailing slash: redirect there.
  case redirect(String)
  /// Nothing there.
  case notFound
  /// A path that tries to leave the folder, or cannot be decoded.
  case forbidden

  /// Resolves a request path (percent-encoded, maybe with a query) inside `root`.
  ///
  /// The path is decoded first and then checked, so `%2e%2e` counts as `..`; absolute
  /// segments, NUL bytes and backslashes are refused; and the final file must lie inside
  /// `root` after symbolic links are resolved.
  static func resolve(_ requestPath: String, in root: URL) -> ServedPath {
    let pathPart = requestPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard let decoded = String(pathPart).removingPercentEncoding, decoded.hasPrefix("/") else { return .forbidden }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
    if segments.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") || $0.contains("\\") }) {
      return .forbidden
    }
    let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
    var target = URL(fileURLWithPath: rootPath, isDirectory: true)
    for segment in segments { target.appendPathComponent(String(segment)) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return .notFound }
    if isDirectory.boolValue {
      // Repeated slashes folded: `//example.com` must not become `Location: //example.com/`,
      // which a browser reads as another site.
      guard decoded.hasSuffix("/") else {
        return .redirect("/" + pathPart.split(separator: "/").joined(separator: "/") + "/")
      }
      target.appendPathComponent("index.html")
      guard FileManager.default.fileExists(atPath: target.path) else { return .notFound }
    }
    let resolved = target.resolvingSymlinksInPath().path
    guard resolved.hasPrefix(rootPath + "/") else { return .forbidden }
    return .file(URL(fileURLWithPath: resolved))
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

  static func contentType(for url: URL) -> String {
    let ext = url.pathExtension.lowercased()
    if url.lastPathComponent == "atom.xml" { return "application/atom+xml" }
    return byExtension[ext] ?? "application/octet-stream"
  }
}
