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

@Suite struct ByteSearchTests {
  @Test func containsUTF8ByteFindsBytesInLongAndSmallStrings() {
    let long = String(repeating: "abc", count: 100) + "&" + String(repeating: "é", count: 10)
    #expect(long.containsUTF8Byte(0x26) && !long.containsUTF8Byte(0x3C) && long.containsUTF8Byte(0xA9))
    #expect("a&b".containsUTF8Byte(0x26) && !"ab".containsUTF8Byte(0x26) && !"".containsUTF8Byte(0))
    let sliced = String(long.dropFirst(2))  // a new native string
    #expect(sliced.containsUTF8Byte(0x26) && !String(long.prefix(10)).containsUTF8Byte(0x26))
  }
}
