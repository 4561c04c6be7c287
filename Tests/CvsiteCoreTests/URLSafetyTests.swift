import CvsiteCore
import Testing

/// URLs are judged the way a browser reads them, not the way they look.
@Suite struct URLSafetyTests {
  @Test(arguments: [
    ("https://example.com/a?b#c", true), ("http://example.com", true), ("/docs/", true), ("../a.html", true),
    ("#top", true), ("page.html", true), ("//cdn.example.com/x.png", true), ("mailto:team@example.com", true),
    ("tel:+441234", true), ("a:b/c", false), ("javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false),
    ("\u{1}javascript:alert(1)", false), ("\u{1F}javascript:alert(1)", false), (" javascript:alert(1)", false),
    ("java\tscript:alert(1)", false), ("java\nscript:alert(1)", false), ("javascript\r:alert(1)", false),
    ("vbscript:msgbox(1)", false), ("data:text/html,<script>", false), ("file:///etc/passwd", false),
    ("blob:https://e.com/x", false), ("https://e.com/\u{7F}", false), ("x\u{0}y", false),
  ])
  func safety(_ url: String, _ safe: Bool) {
    #expect(URLSafety.isSafe(url) == safe, "\(url.debugDescription)")
  }

  @Test func schemesAreReadAfterWhatBrowsersStrip() {
    #expect(URLSafety.scheme(of: "\u{1}\u{2} JavaScript:x") == "javascript")
    #expect(URLSafety.scheme(of: "ja\tva\nscript:x") == "javascript")
    #expect(URLSafety.scheme(of: "/a:b") == nil)
    #expect(URLSafety.scheme(of: "a/b:c") == nil)
    #expect(URLSafety.scheme(of: "1http:x") == nil)
  }

  @Test(arguments: [
    "https://example.com/", "https://example.com", "http://127.0.0.1:1313/", "http://[::1]:8080/",
    "https://example.org/docs/", "/", "/docs/", "https://docs.example.org:8443/v2/", "/a.b/..c/",
  ])
  func goodBaseURLs(_ url: String) {
    #expect(URLSafety.baseURLProblem(url) == nil)
  }

  @Test(arguments: [
    "https://e.com/\"><svg/onload=alert(1)>/", "https://e.com/'x", "https://e.com/<x>", "javascript:alert(1)//",
    "\u{1}https://e.com/", "https://e.com/a b/", "//e.com/", "https:///path", "https:e.com", "https://e.com/?q=1",
    "https://e.com/#x", "ftp://e.com/", "docs/", "", "/../x/", "/docs/./", "https://@/", "https://user@e.com/",
    "https://e.com/a/../b/", "https://:80/", "https://e.com:99999/", "https://e.com:x/", "https://e..com/",
  ])
  func badBaseURLs(_ url: String) {
    #expect(URLSafety.baseURLProblem(url) != nil, "\(url.debugDescription)")
  }
}
