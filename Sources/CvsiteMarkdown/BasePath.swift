/// The path part of a site's base URL, starting and ending with `/`:
/// `https://example.org/docs` → `/docs/`, `https://example.org` → `/`, `docs` → `/docs/`.
/// Pages, assets and navigation links are prefixed with it.
public func basePath(ofBaseURL baseURL: String) -> String {
  var path = Substring(baseURL)
  if let scheme = path.range(of: "://") {
    let rest = path[scheme.upperBound...]
    path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
  }
  var result = String(path)
  if !result.hasPrefix("/") { result = "/" + result }
  if !result.hasSuffix("/") { result += "/" }
  return result
}
