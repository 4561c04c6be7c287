import Testing

@testable import CvsiteMarkdown

/// The path part of a base URL, which prefixes every link a site makes.
@Suite struct BasePathTests {
  @Test(arguments: [
    ("https://example.org", "/"), ("https://example.org/", "/"), ("https://example.org/docs", "/docs/"),
    ("https://example.org/a/b/", "/a/b/"), ("http://localhost:8080/x", "/x/"), ("docs", "/docs/"), ("/docs/", "/docs/"),
    ("", "/"), ("://", "/"), ("a:/b", "/a:/b/"), ("https://é.example/ü", "/ü/"), ("file:///srv/site", "/srv/site/"),
  ])
  func basePaths(baseURL: String, expected: String) {
    #expect(basePath(ofBaseURL: baseURL) == expected)
  }
}
