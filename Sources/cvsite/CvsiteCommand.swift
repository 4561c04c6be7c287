import ArgumentParser
import CvsiteBuiltInFiles
import CvsiteSite
import Foundation

@main
struct CvsiteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cvsite",
    abstract: "A static-site generator whose containers read typed values from their sections.",
    discussion: """
      Examples:
        cvsite new my-site            make a site that uses every built-in container
        cvsite build my-site          build it into my-site/public/
        cvsite serve my-site          preview it with live reload
        cvsite check                  check the site in this folder without writing
        cvsite render page.md         print one page's HTML body

      Exit status: 0 success, 1 errors in the content, 2 usage or I/O errors.
      """,
    version: cvsiteVersionString,
    subcommands: [Build.self, Serve.self, Check.self, Render.self, New.self]
  )

  /// Runs the command line, with cvsite's exit statuses: usage errors exit 2 (not
  /// ArgumentParser's 64), like I/O errors.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let status = status(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        if status == 0 { print(message) } else { writeToStandardError(message + "\n") }
      }
      Foundation.exit(status)
    }
  }

  /// The exit status for an error a command threw: 0 for `--help` and `--version`,
  /// 1 for content errors, 2 for usage and I/O errors.
  static func status(for error: any Error) -> Int32 {
    let code = exitCode(for: error)
    return code == .validationFailure ? Exit.usageOrIO.rawValue : code.rawValue
  }
}

/// The release this executable is.
let cvsiteVersion = "0.1.0"

/// What `--version` prints: the release and the commit built (`cvsite 0.1.0 (3f2c1a9…)`).
let cvsiteVersionString = "cvsite \(cvsiteVersion) (commit \(BuiltInFiles.commit))"
