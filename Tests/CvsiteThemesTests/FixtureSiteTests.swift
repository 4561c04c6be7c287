import Foundation
import Testing
@testable import CvsiteThemes

@Suite struct FixtureSiteTests {
  /// Writes the browser-check pages: to `$CVSITE_FIXTURE_OUT` when set (the browser
  /// check sets it), else to a temporary folder.
  @Test func writesEveryFixturePage() throws {
    let theme = try #require(defaultThemeLoad.0)
    let environment = ProcessInfo.processInfo.environment["CVSITE_FIXTURE_OUT"]
    let folder =
      environment.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-fixture-\(UUID().uuidString)")
    let all = FixtureSite.pages(theme)
    for page in all {
      let errors = page.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty, "\(page.file): \(errors.map(\.description))")
    }
    let pages = try FixtureSite.write(theme, to: folder, pages: all)
    #expect(pages.count >= 5)
    for page in pages {
      let html = try String(contentsOf: page, encoding: .utf8)
      #expect(html.hasPrefix("<!doctype html>"))
      #expect(html.contains("assets/cvsite.css"))
    }
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets/cvsite.js").path))
  }
}
