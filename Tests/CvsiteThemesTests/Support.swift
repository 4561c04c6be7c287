import CvsiteCore
import CvsiteTestSupport
import Foundation

@testable import CvsiteThemes

/// The default theme, loaded once; `nil` with the diagnostics printed in the failure.
let defaultThemeLoad: (Theme?, [Diagnostic]) = Theme.load(named: "default", siteRoot: nil, searchPaths: [builtInThemes])

/// Runs `body` on a folder in the temporary directory holding `files` (relative path →
/// text), removed when `body` is done: read everything the test needs inside `body`.
func withThemeFolder<Result>(_ files: [String: String], _ body: (URL) throws -> Result) throws -> Result {
  try withTemporaryFolder("cvsite-themes", files: files, body)
}
