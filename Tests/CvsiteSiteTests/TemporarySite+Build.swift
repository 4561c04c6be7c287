import CvsiteTestSupport
import Foundation

@testable import CvsiteSite

extension TemporarySite {
  /// Build options for this site: its root, two workers.
  var options: BuildOptions {
    var options = BuildOptions(siteRoot: root)
    options.jobs = 2
    return options
  }

  /// Builds the site once with `options`, changed by `configure`.
  func build(_ configure: (inout BuildOptions) -> Void = { _ in }) -> SiteBuilder.Outcome {
    var options = self.options
    configure(&options)
    return SiteBuilder.build(options)
  }
}
