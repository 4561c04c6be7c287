import Foundation

@testable import CvsiteSite

/// A site as `serve` builds it: the state each build leaves, handed to the next one.
struct ServedSite {
  private(set) var options: BuildOptions
  var state = BuiltSite()

  init(options: BuildOptions) {
    self.options = options
    self.options.keepsState = true
  }

  /// Builds what changes to `paths` reach (everything, the first time).
  mutating func update(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    SiteBuild.run(options, changed: .paths(paths), state: &state, into: sink)
  }

  /// The pages of the site's first tree.
  var pages: [String: ParsedSitePage] { state.pages }
}

extension BuiltSite {
  /// The pages of the site's first tree.
  var pages: [String: ParsedSitePage] { trees.first?.pages ?? [:] }
}

extension SiteBuild {
  /// One build of the whole site into `sink`, from nothing.
  static func once(_ options: BuildOptions, into sink: any OutputSink) -> BuildResult {
    var state = BuiltSite()
    return run(options, changed: .everything, state: &state, into: sink)
  }
}
