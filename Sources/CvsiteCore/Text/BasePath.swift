/// The path part of a site's base URL, starting and ending with `/`:
/// `https://example.org/docs` → `/docs/`, `https://example.org` → `/`, `docs` → `/docs/`.
/// Pages, assets and navigation links are prefixed with it.
public func basePath(ofBaseURL baseURL: String) -> String {
  var path = Substring(baseURL)
  // On the bytes: Foundation's `range(of:)` goes through CFString on Linux.
  if let scheme = baseURL.utf8.firstRange(of: "://".utf8) {
    let remainder = baseURL[scheme.upperBound...]
    path = remainder.firstIndex(of: "/").map { remainder[$0...] } ?? "/"
  }
  var result = String(path)
  if !result.hasPrefix("/") { result = "/" + result }
  if !result.hasSuffix("/") { result += "/" }
  return result
}
