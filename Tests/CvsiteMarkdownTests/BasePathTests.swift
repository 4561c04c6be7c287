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

@Suite struct ByteSplitTests {
  /// Generated strings of `/`, `#`, letters and non-ASCII: split on bytes as the
  /// standard library splits on characters (none of these characters combine with `/`).
  @Test func byteSplitsMatchTheStandardLibrary() {
    var state: UInt64 = 0x5EED
    let pieces = ["/", "//", "a", "bc", "é", "日本", "#", "?", ".", ""]
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int(state % 9) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      state = state &* 6_364_136_223_846_793_005 &+ 1
      #expect(text.splitOmittingEmpty(atByte: UInt8(ascii: "/")) == text.split(separator: "/"), "\(text)")
      let once = text.splitOnce(atByte: UInt8(ascii: "#"))
      let reference = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      #expect(once.0 == reference[0] && once.1 == (reference.count > 1 ? reference[1] : nil), "\(text)")
    }
  }
}
