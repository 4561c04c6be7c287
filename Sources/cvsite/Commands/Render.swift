import ArgumentParser
import CvsiteCore
import CvsiteSite
import Foundation

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render one Markdown file (or standard input) to its HTML body.",
    discussion: """
      Containers and values are checked against the theme of the site you run it in
      (the default theme outside a site), with the same diagnostics and exit status as a
      build.

      Examples:
        cvsite render content/docs/install.md
        echo ':::steps\\n1. One\\n2. Two\\n:::' | cvsite render -
      """)

  @Argument(help: "A Markdown file, or - for standard input.")
  var file: String

  @OptionGroup var diagnostics: DiagnosticOptions

  func run() throws {
    let bytes: [UInt8]
    let path: String
    do {
      if file == "-" {
        bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        path = "<stdin>"
      } else {
        bytes = Array(try Data(contentsOf: siteURL(file)))
        path = file
      }
    } catch {
      writeToStandardError("error: cannot read \(file): \(describeIOError(error))\n")
      throw Exit.usageOrIO
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let (html, problems) = FragmentRenderer.render(bytes: bytes, path: path, workingDirectory: cwd)
    diagnostics.report(problems)
    FileHandle.standardOutput.write(Data(html.utf8))
    try Exit.check(problems)
  }
}
