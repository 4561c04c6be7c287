import CvsiteCore
import CvsiteTestSupport
import Testing

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
    var generator = PieceGenerator(pieces: ["/", "//", "a", "bc", "é", "日本", "#", "?", ".", ""], seed: 0x5EED)
    for _ in 0..<2_000 {
      let text = generator.string(fewerThan: 9)
      #expect(text.splitOmittingEmpty(atByte: UInt8(ascii: "/")) == text.split(separator: "/"), "\(text)")
      let once = text.splitOnce(atByte: UInt8(ascii: "#"))
      let reference = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      #expect(once.0 == reference[0] && once.1 == (reference.count > 1 ? reference[1] : nil), "\(text)")
    }
  }
}

@Suite struct SlugTests {
  @Test(arguments: [
    ("Hello, World!", "hello-world"), ("  Install  on Debian ", "install-on-debian"),
    ("snake_case.name", "snake-case-name"),
    ("Ünïcode Title", "ünïcode-title"), ("C++ & Swift", "c-swift"), ("---", ""), ("", ""),
  ])
  func slugs(title: String, expected: String) {
    #expect(slug(title) == expected)
  }

  @Test func slugsStopAtTheMaximumLength() {
    #expect(slug(String(repeating: "a", count: 100)).utf8.count == 64)
    #expect(slug("abc def", maxLength: 3) == "abc")
  }
}

@Suite struct ASCIITests {
  /// The byte classes agree with `Character`'s own for every byte.
  @Test func byteClassesMatchTheStandardLibrary() {
    for byte in UInt8.min...UInt8.max {
      let character = Character(Unicode.Scalar(byte))
      #expect(isASCIILetter(byte) == (byte < 0x80 && character.isLetter), "\(byte)")
      #expect(isASCIIDigit(byte) == (byte < 0x80 && character.isNumber), "\(byte)")
      #expect(isASCIIAlphanumeric(byte) == (isASCIILetter(byte) || isASCIIDigit(byte)))
    }
  }
}
