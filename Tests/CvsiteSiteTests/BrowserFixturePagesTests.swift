import CvsiteCore
import CvsiteTestSupport
import CvsiteThemes
import Foundation
import Testing

@Suite struct BrowserFixturePagesTests {
  /// Writes the browser-check pages: to `$CVSITE_FIXTURE_OUT` when set (the browser
  /// check sets it), else to a temporary folder removed afterwards.
  @Test func writesEveryFixturePage() throws {
    let (loaded, problems) = Theme.load(named: "default", siteRoot: nil, searchPaths: [builtInThemes])
    let theme = try #require(loaded, "\(problems)")
    let environment = ProcessInfo.processInfo.environment["CVSITE_FIXTURE_OUT"]
    let folder =
      environment.map { URL(fileURLWithPath: $0) }
      ?? temporaryPath("cvsite-browser-fixture")
    // A folder of the test's own goes when the test ends; the browser check's stays.
    defer { if environment == nil { try? FileManager.default.removeItem(at: folder) } }
    let all = BrowserFixturePages.pages(theme)
    for page in all {
      let errors = page.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(page.file): \(errors.map(\.description))")
    }
    let pages = try BrowserFixturePages.write(theme, to: folder, pages: all)
    #expect(pages.count >= 5)
    for page in pages {
      let html = try String(contentsOf: page, encoding: .utf8)
      #expect(html.hasPrefix("<!doctype html>"))
      #expect(html.contains("assets/cvsite.css"))
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets/cvsite.js").path))
  }
}
