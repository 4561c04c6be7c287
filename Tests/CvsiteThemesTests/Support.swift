import CvsiteCore
import CvsiteTestSupport
import Foundation

@testable import CvsiteThemes

/// The default theme, loaded once; `nil` with the diagnostics printed in the failure.
let defaultThemeLoad: (Theme?, [Diagnostic]) = Theme.load(named: "default", siteRoot: nil, searchPaths: [builtInThemes])

/// A folder in the temporary directory holding `files` (relative path → text).
func temporaryFolder(_ files: [String: String]) throws -> URL {
  try makeTemporaryFolder("cvsite-themes", files: files)
}
