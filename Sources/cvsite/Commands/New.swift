import ArgumentParser
import CvsiteSite
import Foundation

struct New: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Make a new site that uses every built-in container.",
    discussion: """
      Example:
        cvsite new my-site && cvsite build my-site
      """)

  @Argument(help: "The folder to create (must not exist or be empty).")
  var name: String

  @Option(help: "The site title (default: the folder name).")
  var title: String?

  func run() throws {
    let folder = siteURL(name)
    do {
      try SiteScaffold.create(at: folder, title: title ?? folder.lastPathComponent)
    } catch {
      writeToStandardError("error: \(error)\n")
      throw Exit.usageOrIO
    }
    print("Made a new site in \(folder.path). Build it with: cvsite build \(name)")
  }
}
