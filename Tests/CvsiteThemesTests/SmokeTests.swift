import Testing

@testable import CvsiteThemes

@Suite struct SmokeTests {
  @Test func defaultThemeLoadsWithoutDiagnostics() throws {
    let (theme, diagnostics) = defaultThemeLoad
    #expect(diagnostics.map(\.description) == [])
    let loaded = try #require(theme)
    #expect(loaded.name == "default")
    #expect(loaded.assets.map(\.outputPath).contains("assets/cvsite.css"))
  }
}
